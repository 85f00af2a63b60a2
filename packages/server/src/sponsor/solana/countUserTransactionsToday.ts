import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../store/schema.js'
import { startOfUtcDay } from '../countSenderOperationsToday.js'

/**
 * How many transactions of `user` the fee payer signed under the policy since the start of the UTC
 * day of `now`.
 *
 * @example
 * const count = await countUserTransactionsToday(db, { policyId, user, now: Date.now() })
 */
export async function countUserTransactionsToday(
  db: Kysely<Database> | Transaction<Database>,
  { policyId, user, now }: { policyId: string; user: string; now: number },
): Promise<number> {
  const row = await db
    .selectFrom('solana_sponsorships')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('policy_id', '=', policyId)
    .where('user_address', '=', user)
    .where('created_at', '>=', startOfUtcDay(now))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
