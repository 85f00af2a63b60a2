import type { SponsorAudience, SponsorBudgetPeriod } from '../../store/sponsorSchema.js'

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
  /**
   * Transactions one user may have sponsored per UTC day; null: no limit. A user is the signed-in Sigil
   * user when the request carries a session stamp (`user:<id>`), else the first signer besides the fee
   * payer (`key:<base58>`, which anyone can mint: use a `signed-in` audience for limits that hold).
   */
  maxTransactionsPerUserPerDay: number | null
  /** Base58 programs the instructions may call; null: any. */
  allowedPrograms: string[] | null
  /** Who may use it: an allowed origin (`public`), a Sigil session (`signed-in`) or an app API key (`server`). */
  audience: SponsorAudience
  /** The most the fee payer may pay under it per {@link budgetPeriod}, lamports; null: unlimited (`--unlimited`). */
  budgetLamports: bigint | null
  /** The most one user (a Sigil user for `signed-in`, else a signer key) may use per period, lamports; null: none. */
  budgetPerUserLamports: bigint | null
  /** What the budgets count over (UTC periods). */
  budgetPeriod: SponsorBudgetPeriod
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
