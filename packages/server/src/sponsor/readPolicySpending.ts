import type { Kysely } from 'kysely'
import type { Database } from '../store/schema.js'
import { usageColumns } from './readPolicyUsage.js'
import type { SponsorPolicy } from './SponsorPolicy.js'
import { startOfBudgetPeriod } from './startOfBudgetPeriod.js'
import { tallyPolicyUsage } from './tallyPolicyUsage.js'

export type PolicySpending = {
  /** Epoch ms the current budget period began (0 for `total`). */
  periodStart: number
  /** Real cost of the period's operations the chain included (settled). */
  spentWei: bigint
  /** The period's open worst cases (signatures not settled yet whose `validUntil`, and its grace, has not passed). */
  reservedWei: bigint
  /** What the budget still allows this period (0 when used up); null: unlimited. */
  remainingWei: bigint | null
}

/**
 * Where a gas policy's budget stands in its current period, counted as the gateway counts it
 * (`tallyPolicyUsage`): spent, reserved and remaining wei.
 *
 * @example
 * const { spentWei, reservedWei, remainingWei } = await readPolicySpending(db, policy, Date.now())
 */
export async function readPolicySpending(
  db: Kysely<Database>,
  policy: SponsorPolicy,
  now: number,
): Promise<PolicySpending> {
  const periodStart = startOfBudgetPeriod(policy.budgetPeriod, now)
  const rows = await db
    .selectFrom('sponsor_operations')
    .select(usageColumns)
    .where('policy_id', '=', policy.id)
    .where('created_at', '>=', periodStart)
    .execute()
  const { spentWei, reservedWei } = tallyPolicyUsage(rows, { now })
  const left = policy.budgetWei === null ? null : policy.budgetWei - spentWei - reservedWei
  return { periodStart, spentWei, reservedWei, remainingWei: left === null ? null : left < 0n ? 0n : left }
}
