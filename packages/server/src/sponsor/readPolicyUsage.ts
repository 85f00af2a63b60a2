import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../store/schema.js'
import type { PolicyUsage } from './assertPolicyAllows.js'
import { countSenderOperationsToday } from './countSenderOperationsToday.js'
import type { SponsoredOperation } from './SponsoredOperation.js'
import type { SponsorPolicy } from './SponsorPolicy.js'
import { startOfBudgetPeriod } from './startOfBudgetPeriod.js'
import { nonceGroupCost, nonceGroupOf, tallyPolicyUsage, type UsageRow } from './tallyPolicyUsage.js'

export type PolicyUsageView = {
  policy: SponsorPolicy
  usage: PolicyUsage
}

/** Columns of `sponsor_operations` the budgets count. */
export const usageColumns = [
  'chain_id',
  'entry_point',
  'sender',
  'nonce',
  'user_key',
  'max_cost_wei',
  'created_at',
  'settled_at',
  'actual_cost_wei',
  'valid_until',
] as const

/**
 * What the policy has used in its current budget period, as `operation` (signed for `userKey`) sees
 * it at `now`: the spent and reserved wei of every other nonce, what this operation's nonce already
 * counts for (an earlier signature of it stays reserved), the same for the user alone (and the user's
 * open reservations apart), and how many operations the user had signed today. Signatures past their
 * `validUntil` and its grace count nothing (`tallyPolicyUsage`). One indexed query (`policy_id`, `created_at`).
 *
 * @example
 * const { usage } = await readPolicyUsage(db, policy, operation, Date.now(), 'user:usr_…')
 */
export async function readPolicyUsage(
  db: Kysely<Database> | Transaction<Database>,
  policy: SponsorPolicy,
  operation: SponsoredOperation,
  now: number,
  userKey = `sender:${operation.sender.toLowerCase()}`,
): Promise<PolicyUsageView> {
  const rows: UsageRow[] = await db
    .selectFrom('sponsor_operations')
    .select(usageColumns)
    .where('policy_id', '=', policy.id)
    .where('created_at', '>=', startOfBudgetPeriod(policy.budgetPeriod, now))
    .execute()
  const group = nonceGroupOf({
    chain_id: operation.chainId,
    entry_point: operation.entryPoint,
    sender: operation.sender,
    nonce: operation.nonce.toString(),
  })
  const others = tallyPolicyUsage(rows, { except: group, now })
  const userRows = rows.filter((row) => row.user_key === userKey)
  const userOthers = tallyPolicyUsage(userRows, { except: group, now })
  return {
    policy,
    usage: {
      senderOperationsToday: countSenderOperationsToday(userRows, { now, except: group }),
      usedWei: others.spentWei + others.reservedWei,
      operationWei: nonceGroupCost(rows, group, now),
      userUsedWei: userOthers.spentWei + userOthers.reservedWei,
      userOperationWei: nonceGroupCost(userRows, group, now),
      userReservedWei: userOthers.reservedWei,
    },
  }
}
