import type { SponsorPolicy } from './SponsorPolicy.js'

/** The share of a gas policy's budget one user may hold in open reservations unless the policy says otherwise: 10 %. */
export const defaultReservedSharePerUserBps = 1000

/**
 * The most one user (a Sigil user, else a sender) may hold in open reservations under `policy`: its
 * `maxReservedSharePerUserBps` of the budget, rounded down (docs/sponsorship.md, "Budgets and
 * reservations"); null when the policy has no budget or lets one user hold all of it.
 *
 * @example
 * maxReservedWeiPerUser({ budgetWei: 1_000n, maxReservedSharePerUserBps: 1000 }) // 100n
 */
export function maxReservedWeiPerUser(
  policy: Pick<SponsorPolicy, 'budgetWei' | 'maxReservedSharePerUserBps'>,
): bigint | null {
  if (policy.budgetWei === null || policy.maxReservedSharePerUserBps >= 10_000) return null
  return (policy.budgetWei * BigInt(policy.maxReservedSharePerUserBps)) / 10_000n
}
