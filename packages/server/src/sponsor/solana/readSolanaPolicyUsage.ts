import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../../store/schema.js'
import { startOfUtcDay } from '../countSenderOperationsToday.js'
import { startOfBudgetPeriod } from '../startOfBudgetPeriod.js'
import type { SolanaPolicyUsage } from './assertSolanaPolicyAllows.js'
import type { SolanaSponsorPolicy } from './SolanaSponsorPolicy.js'

/**
 * What the Solana policy has used so far, as its limits count it: the transactions of `userKey`
 * (`user:<Sigil user id>` or `key:<base58 signer>`) since 00:00 UTC, and the fees reserved in the
 * current budget period (UTC, `policy.budgetPeriod`) by everyone and by `userKey`. A fee counts from the
 * moment the fee payer signs (the quote is the most it can pay) until settlement: then the fee the
 * transaction paid, or 0 once its blockhash expired unlanded (docs/sponsorship.md#solana-fee-payer). A
 * released quote still counts as a transaction of the day. Only what a limit of the policy needs is
 * read; the rest is 0.
 *
 * @example
 * const usage = await readSolanaPolicyUsage(db, policy, { userKey: 'user:…', now: Date.now() })
 */
export async function readSolanaPolicyUsage(
  db: Kysely<Database> | Transaction<Database>,
  policy: SolanaSponsorPolicy,
  { userKey, now }: { userKey: string; now: number },
): Promise<SolanaPolicyUsage> {
  const since = startOfBudgetPeriod(policy.budgetPeriod, now)
  const rows = () => db.selectFrom('solana_sponsorships').where('policy_id', '=', policy.id)
  // A settled quote counts what the transaction paid ('0': released); an open one its quote.
  const sumFees = sql<
    number | string | bigint | null
  >`sum(cast(coalesce(paid_lamports, fee_lamports) as bigint))`.as('fees')
  // One after the other: inside a transaction they share one connection.
  const userTransactionsToday =
    policy.maxTransactionsPerUserPerDay === null
      ? 0
      : Number(
          (
            await rows()
              .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
              .where('user_key', '=', userKey)
              .where('created_at', '>=', startOfUtcDay(now))
              .executeTakeFirstOrThrow()
          ).count,
        )
  // The policy row keeps the running total (settlement moves it); a period's spend is summed from its records.
  const spentLamports =
    policy.budgetLamports === null
      ? 0n
      : policy.budgetPeriod === 'total'
        ? policy.spentLamports
        : BigInt(
            (await rows().select(sumFees).where('created_at', '>=', since).executeTakeFirstOrThrow()).fees ??
              0,
          )
  const userSpentLamports =
    policy.budgetPerUserLamports === null
      ? 0n
      : BigInt(
          (
            await rows()
              .select(sumFees)
              .where('user_key', '=', userKey)
              .where('created_at', '>=', since)
              .executeTakeFirstOrThrow()
          ).fees ?? 0,
        )
  return { userTransactionsToday, spentLamports, userSpentLamports }
}
