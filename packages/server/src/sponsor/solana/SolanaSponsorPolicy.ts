/** A Solana fee payer policy of one app (the `policyId` clients send to `alchemy_requestFeePayer`). */
export type SolanaSponsorPolicy = {
  kind: 'solana'
  /** `pol_…`. */
  id: string
  appId: string
  name: string
  /** Solana chain ids (`solana-…`) it sponsors; null: every Solana chain the server serves. */
  chainIds: string[] | null
  /** Largest fee (lamports, as the node quotes it) one transaction may cost; null: no limit. */
  maxLamportsPerTransaction: bigint | null
  /** Transactions one user (the first signer besides the fee payer) may have sponsored per UTC day; null: no limit. */
  maxTransactionsPerUserPerDay: number | null
  /** Base58 programs the instructions may call; null: any. */
  allowedPrograms: string[] | null
  /** Fees paid so far (lamports, as quoted when signed). */
  spentLamports: bigint
  /** Transactions signed so far. */
  transactions: number
  /** Epoch ms after which nothing is sponsored; null: never. */
  expiresAt: number | null
  /** Epoch ms it was disabled at; null while it is active. */
  disabledAt: number | null
  createdAt: number
}
