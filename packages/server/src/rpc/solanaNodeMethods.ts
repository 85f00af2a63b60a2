/**
 * The Solana node methods the gateway forwards (docs/sponsorship.md): what a wallet and an app need to
 * read chain state, build, simulate and send transactions the caller signed itself, and watch them land.
 * Everything else is refused with -32601, whatever the node serves:
 * - scans of the whole account set (`getProgramAccounts`, `getLargestAccounts`, `getSupply`, which lists
 *   non-circulating accounts) and token scans by delegate: heavy on the node the operator pays for;
 * - cluster and validator internals an app has no use for (`getClusterNodes`, `getIdentity`,
 *   `getVoteAccounts`, `getLeaderSchedule`, `getSlotLeader(s)`, `getBlockProduction`,
 *   `getRecentPerformanceSamples`, `getHighestSnapshotSlot`, `getMax*Slot`, inflation methods);
 * - anything a node adds later (local validators' cheat codes such as setting an account's lamports).
 *
 * `requestAirdrop` is forwarded: it asks the cluster's own faucet (localnet, devnet, testnet), never the
 * operator's fee payer, and mainnet nodes refuse it; the demo's Airdrop button uses it on localnet.
 * An allow-list, because a deny-list misses what the next node adds.
 */
export const solanaNodeMethods: ReadonlySet<string> = new Set([
  // Accounts and tokens.
  'getAccountInfo',
  'getBalance',
  'getMultipleAccounts',
  'getMinimumBalanceForRentExemption',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTokenSupply',
  'getTokenLargestAccounts',
  'getStakeMinimumDelegation',
  // Blocks, slots and the cluster's clock.
  'getBlock',
  'getBlockHeight',
  'getBlockTime',
  'getBlocks',
  'getBlocksWithLimit',
  'getBlockCommitment',
  'getEpochInfo',
  'getEpochSchedule',
  'getFirstAvailableBlock',
  'getGenesisHash',
  'getHealth',
  'getSlot',
  'getTransactionCount',
  'getVersion',
  'minimumLedgerSlot',
  // Fees and blockhashes.
  'getFeeForMessage',
  'getLatestBlockhash',
  'getRecentPrioritizationFees',
  'isBlockhashValid',
  // Transactions: simulate, send (signed by the caller), watch.
  'simulateTransaction',
  'sendTransaction',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getTransaction',
  // The cluster's faucet (see above).
  'requestAirdrop',
])
