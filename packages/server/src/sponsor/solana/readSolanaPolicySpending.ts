import { type Kysely, sql } from 'kysely'
import type { Database } from '../../store/schema.js'
import { startOfBudgetPeriod } from '../startOfBudgetPeriod.js'
import type { SolanaSponsorPolicy } from './SolanaSponsorPolicy.js'

export type SolanaPolicySpending = {
  /** Epoch ms the current budget period began (0: `total`). */
  periodStart: number
  /** Fees the fee payer signed for in the period, lamports (each counted at its quote, the most it can pay). */
  spentLamports: bigint
  /** What the budget still allows in the period; null: unlimited. */
  remainingLamports: bigint | null
}

/**
 * Where a Solana policy's budget stands in its current period, as `sigil-server policy list` shows it.
 *
 * @example
 * const { spentLamports, remainingLamports } = await readSolanaPolicySpending(db, policy, Date.now())
 */
export async function readSolanaPolicySpending(
  db: Kysely<Database>,
  policy: SolanaSponsorPolicy,
  now: number,
): Promise<SolanaPolicySpending> {
  const periodStart = startOfBudgetPeriod(policy.budgetPeriod, now)
  const { fees } = await db
    .selectFrom('solana_sponsorships')
    .select(sql<number | string | bigint | null>`sum(cast(fee_lamports as bigint))`.as('fees'))
    .where('policy_id', '=', policy.id)
    .where('created_at', '>=', periodStart)
    .executeTakeFirstOrThrow()
  const spentLamports = BigInt(fees ?? 0)
  const remainingLamports =
    policy.budgetLamports === null
      ? null
      : spentLamports >= policy.budgetLamports
        ? 0n
        : policy.budgetLamports - spentLamports
  return { periodStart, spentLamports, remainingLamports }
}
