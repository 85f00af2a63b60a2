/**
 * The node methods the gateway forwards: reading chain state, estimating, and sending transactions
 * the caller signed itself. Everything else is refused, whatever the node is: methods that act with
 * the node's own accounts (`eth_accounts`, `eth_sendTransaction`, `eth_sign*`, anvil's
 * `eth_sendUnsignedTransaction`, which sends from any address), and every administration namespace
 * (`anvil_*`, `hardhat_*`, `debug_*`, `admin_*`, `personal_*`, `miner_*`, `txpool_*`, …). An allow-list,
 * because a deny-list misses what the next node adds.
 */
export const nodeMethods: ReadonlySet<string> = new Set([
  'eth_blobBaseFee',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_createAccessList',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_listening',
  'net_version',
  'web3_clientVersion',
])
