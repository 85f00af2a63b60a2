import type { Address } from 'viem'
import type { SponsorAudience, SponsorBudgetPeriod } from '../store/sponsorSchema.js'

/** A gas sponsorship policy of one app (the `policyId` clients send in paymaster requests). */
export type SponsorPolicy = {
  /** Solana fee payer policies are `SolanaSponsorPolicy` (kind `'solana'`). */
  kind: 'evm'
  /** `pol_…`. */
  id: string
  appId: string
  name: string
  /** Chain ids it sponsors; null: every chain the server serves. */
  chainIds: number[] | null
  /** Largest sum of an operation's gas limits; null: no limit. */
  maxGasPerOperation: bigint | null
  /** Operations one sender may have sponsored per UTC day; null: no limit. */
  maxOperationsPerSenderPerDay: number | null
  /** Who may use it: an allowed origin (`public`), a Sigil session (`signed-in`) or an app API key (`server`). */
  audience: SponsorAudience
  /** The most the policy may spend in wei per {@link budgetPeriod} (reserved worst cases and real costs); null: unlimited (created with `--unlimited`). */
  budgetWei: bigint | null
  /** The most one user (a Sigil user for `signed-in`, else a sender) may use per period, wei; null: no per-user budget. */
  budgetPerUserWei: bigint | null
  /** What `budgetWei` and `budgetPerUserWei` count over (UTC periods). */
  budgetPeriod: SponsorBudgetPeriod
  /**
   * The largest share of `budgetWei` one user may hold in open reservations (signed, not settled, not
   * expired), basis points: 1000 is 10 % (the default), 10000 no share limit. Unused without a budget.
   */
  maxReservedSharePerUserBps: number
  /** Largest worst-case cost of one operation, wei; null: only the budget and the server's fee caps bound it. */
  maxCostWeiPerOperation: bigint | null
  /** Factories (lowercase) whose accounts it sponsors; null: any sender. */
  senderFactories: Address[] | null
  /** What the chain charged for the operations it included, all periods, wei (settlement adds to it; before 0010: signed maximum costs). */
  spentWei: bigint
  /** Signatures made so far (each reservation bumps it: the row's version). */
  operations: number
  /** Addresses the account may call (lowercase); null: any. */
  allowedTargets: Address[] | null
  /** Epoch ms after which nothing is sponsored; null: never. */
  expiresAt: number | null
  /** Epoch ms it was disabled at; null while it is active. */
  disabledAt: number | null
  createdAt: number
}
