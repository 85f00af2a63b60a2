/** Tables of gas sponsorship (`/rpc`), added by migration 0005. */
export type SponsorDatabase = {
  sponsor_policies: SponsorPolicyTable
  sponsor_operations: SponsorOperationTable
}

export type SponsorPolicyTable = {
  /** `pol_…`: the `policyId` clients send. */
  id: string
  app_id: string
  name: string
  /** JSON array of chain ids the policy sponsors; null: every chain the server serves. */
  chain_ids: string | null
  /** Decimal: the largest total gas (all gas limits of the operation added up); null: no limit. */
  max_gas_per_operation: string | null
  /** Operations one sender may have sponsored per UTC day; null: no limit. */
  max_operations_per_sender_per_day: number | null
  /** Decimal wei: the most the policy may spend (sum of the signed operations' maximum cost); null: no limit. */
  budget_wei: string | null
  /** Decimal wei: the maximum cost of every operation signed so far. */
  spent_wei: string
  /** Operations signed so far; also the row's version (each signature bumps it). */
  operations: number
  /** JSON array of lowercase addresses the account may call; null: any. */
  allowed_targets: string | null
  expires_at: number | bigint | string | null
  disabled_at: number | bigint | string | null
  created_at: number | bigint | string
  updated_at: number | bigint | string
}

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
}
