import type { Generated } from 'kysely'

/** Tables of gas sponsorship (`/rpc`), added by migration 0005 (Solana: 0006). */
export type SponsorDatabase = {
  sponsor_policies: SponsorPolicyTable
  sponsor_operations: SponsorOperationTable
  solana_sponsorships: SolanaSponsorshipTable
}

export type SponsorPolicyTable = {
  /** `pol_…`: the `policyId` clients send. */
  id: string
  app_id: string
  name: string
  /** `'evm'` (user operations through the paymasters) or `'solana'` (transactions through the fee payer). */
  kind: 'evm' | 'solana'
  /** JSON array of chain ids the policy sponsors (numbers; Solana: `solana-…` strings); null: every chain of its kind. */
  chain_ids: string | null
  /** Decimal: the largest total gas (all gas limits of the operation added up); null: no limit. */
  max_gas_per_operation: string | null
  /** Operations one sender (Solana: transactions one user) may have sponsored per UTC day; null: no limit. */
  max_operations_per_sender_per_day: number | null
  /** Decimal wei: the most the policy may spend per `budget_period` (real costs and open worst cases, docs/sponsorship.md); null: unlimited. */
  budget_wei: string | null
  /** Decimal wei: real cost of the included operations, added by settlement (before 0010: signed maximum costs; Solana: lamports of fees paid). */
  spent_wei: string
  /** Operations signed so far; also the row's version (each signature bumps it). */
  operations: number
  /** JSON array of lowercase addresses the account may call; null: any. */
  allowed_targets: string | null
  /** Solana: decimal lamports, the largest fee one transaction may cost; null: no limit. */
  max_lamports_per_transaction: string | null
  /** Solana: JSON array of base58 program ids the transaction's instructions may call; null: any. */
  allowed_programs: string | null
  expires_at: number | bigint | string | null
  disabled_at: number | bigint | string | null
  created_at: number | bigint | string
  updated_at: number | bigint | string
  /** Who may use it (0010): `'public'` (an allowed origin), `'signed-in'` (a Sigil session stamp), `'server'` (an app API key). */
  audience: SponsorAudience
  /** The period `budget_wei` and `budget_per_user_wei` count over (0010): `'total'`, `'day'`, `'week'`, `'month'` (UTC). */
  budget_period: SponsorBudgetPeriod
  /** Decimal wei (Solana: lamports): the most one user may use per period; null: no per-user budget. */
  budget_per_user_wei: string | null
  /** Decimal wei: the largest worst-case cost of one operation; null: only the budget and the fee caps bound it. */
  max_cost_wei_per_operation: string | null
  /** JSON array of lowercase factory addresses whose accounts the policy sponsors; null: any sender. */
  sender_factories: string | null
  /** Gas policies (0013): the largest share of `budget_wei` one user may hold in open reservations, basis points (default 1000: 10 %; 10000: no share limit). */
  max_reserved_share_per_user_bps: Generated<number>
}

export type SponsorAudience = 'public' | 'signed-in' | 'server'
export type SponsorBudgetPeriod = 'total' | 'day' | 'week' | 'month'

export type SponsorOperationTable = {
  id: string
  policy_id: string
  chain_id: number | bigint | string
  entry_point: string
  /** Lowercase address of the account. */
  sender: string
  /** Decimal. */
  nonce: string
  user_operation_hash: string
  /** Decimal wei: all gas limits × `maxFeePerGas`. */
  max_cost_wei: string
  created_at: number | bigint | string
  /** Who the per-user limits count (0010): `user:<Sigil user id>` or `sender:<lowercase address>`. */
  user_key: string | null
  /** Epoch seconds: the paymaster signature's `validUntil`; the worst case stays reserved until then. */
  valid_until: number | bigint | string | null
  /** Decimal: the chain's latest block when the signature was made (where to look for its inclusion). */
  from_block: string | null
  /** Epoch ms the real cost became known (included, or unused after `valid_until`); null while reserved. */
  settled_at: number | bigint | string | null
  /** Decimal wei the paymaster really paid (`'0'`: never included); null while reserved. */
  actual_cost_wei: string | null
}

/** A Solana transaction the fee payer signed under a policy (one row per distinct message). */
export type SolanaSponsorshipTable = {
  id: string
  policy_id: string
  /** `solana-…`. */
  chain_id: string
  /** Base58: the transaction's first signer besides the fee payer. */
  user_address: string
  /** Hex SHA-256 of the final message (fee payer first): a repeated request finds its record by it. */
  message_hash: string
  /** Decimal lamports the node quoted for the message (`getFeeForMessage`): counted while the quote is open. */
  fee_lamports: string
  created_at: number | bigint | string
  /** Who the per-user limits count (0010): `user:<Sigil user id>` or `key:<base58 signer>`. */
  user_key: string | null
  /** Base58 transaction id (the fee payer's signature) (0012); null for rows recorded before. */
  signature: string | null
  /** Base58 blockhash of the message (0012). */
  blockhash: string | null
  /** Decimal: the last block height at which the node accepts the blockhash, as it said when quoting (0012). */
  last_valid_block_height: string | null
  /** Epoch ms the quote was settled (landed, or released once its blockhash expired); null while open (0012). */
  settled_at: number | bigint | string | null
  /** Decimal lamports the transaction paid (`'0'`: never landed); null while open: the quote counts (0012). */
  paid_lamports: string | null
}
