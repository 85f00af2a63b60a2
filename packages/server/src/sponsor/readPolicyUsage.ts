import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../store/schema.js'
import type { PolicyUsage } from './assertPolicyAllows.js'
import { countSenderOperationsToday, startOfUtcDay } from './countSenderOperationsToday.js'
import type { SponsoredOperation } from './SponsoredOperation.js'
import type { SponsorPolicy } from './SponsorPolicy.js'

export type PolicyUsageView = {
  /** The policy with `spentWei` not counting an earlier signature of this same operation. */
  policy: SponsorPolicy
  usage: PolicyUsage
  /** The record of an earlier signature of the same operation (chain, EntryPoint, sender, nonce). */
  earlier: { id: string; maxCostWei: bigint } | undefined
}

/**
 * What the policy has used so far, as seen by `operation`. A second signature of the same operation
 * (same chain, EntryPoint, sender and nonce: a client retrying after the bundler refused the first)
 * replaces the first instead of counting again, since only one of them can ever be included.
 *
 * @example
 * const { policy: view, usage } = await readPolicyUsage(db, policy, operation, Date.now())
 */
export async function readPolicyUsage(
  db: Kysely<Database> | Transaction<Database>,
  policy: SponsorPolicy,
  operation: SponsoredOperation,
  now: number,
): Promise<PolicyUsageView> {
  const row = await db
    .selectFrom('sponsor_operations')
    .select(['id', 'max_cost_wei', 'created_at'])
    .where('policy_id', '=', policy.id)
    .where('chain_id', '=', operation.chainId)
    .where('entry_point', '=', operation.entryPoint.toLowerCase())
    .where('sender', '=', operation.sender.toLowerCase())
    .where('nonce', '=', operation.nonce.toString())
    .executeTakeFirst()
  let senderOperationsToday =
    policy.maxOperationsPerSenderPerDay === null
      ? 0
      : await countSenderOperationsToday(db, { policyId: policy.id, sender: operation.sender, now })
  if (row && Number(row.created_at) >= startOfUtcDay(now) && senderOperationsToday > 0)
    senderOperationsToday -= 1
  const earlier = row ? { id: row.id, maxCostWei: BigInt(row.max_cost_wei) } : undefined
  return {
    policy: earlier ? { ...policy, spentWei: policy.spentWei - earlier.maxCostWei } : policy,
    usage: { senderOperationsToday },
    earlier,
  }
}
