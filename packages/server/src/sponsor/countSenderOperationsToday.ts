import type { Kysely, Transaction } from 'kysely'
import type { Address } from 'viem'
import type { Database } from '../store/schema.js'

const dayMs = 86_400_000

/** Epoch ms of 00:00 UTC of the day of `now`. */
export const startOfUtcDay = (now: number) => Math.floor(now / dayMs) * dayMs

/**
 * How many operations of `sender` were signed under the policy since the start of the UTC day of `now`.
 *
 * @example
 * const count = await countSenderOperationsToday(db, { policyId, sender, now: Date.now() })
 */
export async function countSenderOperationsToday(
  db: Kysely<Database> | Transaction<Database>,
  { policyId, sender, now }: { policyId: string; sender: Address; now: number },
): Promise<number> {
  const row = await db
    .selectFrom('sponsor_operations')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('policy_id', '=', policyId)
    .where('sender', '=', sender.toLowerCase())
    .where('created_at', '>=', startOfUtcDay(now))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
