import type { Address } from 'viem'

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
  /** The most the policy may spend in wei (each signed operation counts its maximum cost); null: no limit. */
  budgetWei: bigint | null
  /** The maximum cost of every operation signed so far, wei. */
  spentWei: bigint
  /** Operations signed so far. */
  operations: number
  /** Addresses the account may call (lowercase); null: any. */
  allowedTargets: Address[] | null
  /** Epoch ms after which nothing is sponsored; null: never. */
  expiresAt: number | null
  /** Epoch ms it was disabled at; null while it is active. */
  disabledAt: number | null
  createdAt: number
}
