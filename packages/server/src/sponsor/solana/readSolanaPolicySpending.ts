import { type Kysely, sql } from 'kysely'
import type { Database } from '../../store/schema.js'
import { startOfBudgetPeriod } from '../startOfBudgetPeriod.js'
import type { SolanaSponsorPolicy } from './SolanaSponsorPolicy.js'

export type SolanaPolicySpending = {
  /** Epoch ms the current budget period began (0: `total`). */
  periodStart: number
  /** Fees of the period's transactions that landed, lamports (as they paid them). */
  spentLamports: bigint
  /** Open quotes of the period: co-signed transactions not settled yet, each at its quote. */
  reservedLamports: bigint
  /** What the budget still allows in the period (spent and reserved taken off); null: unlimited. */
  remainingLamports: bigint | null
}

/**
 * Where a Solana policy's budget stands in its current period, as `sigil-server policy list` shows it
 * and as the fee payer counts it (docs/sponsorship.md#solana-fee-payer): landed fees, open quotes, and
 * what remains. Released quotes (blockhash expired, never landed) count 0.
 *
 * @example
 * const { spentLamports, reservedLamports, remainingLamports } = await readSolanaPolicySpending(db, policy, Date.now())
 */
export async function readSolanaPolicySpending(
  db: Kysely<Database>,
  policy: SolanaSponsorPolicy,
  now: number,
): Promise<SolanaPolicySpending> {
  const periodStart = startOfBudgetPeriod(policy.budgetPeriod, now)
  type Sum = number | string | bigint | null
  const { spent, reserved } = await db
    .selectFrom('solana_sponsorships')
    .select([
      sql<Sum>`sum(case when settled_at is null then 0 else cast(paid_lamports as bigint) end)`.as('spent'),
      sql<Sum>`sum(case when settled_at is null then cast(fee_lamports as bigint) else 0 end)`.as('reserved'),
    ])
    .where('policy_id', '=', policy.id)
    .where('created_at', '>=', periodStart)
    .executeTakeFirstOrThrow()
  const spentLamports = BigInt(spent ?? 0)
  const reservedLamports = BigInt(reserved ?? 0)
  const used = spentLamports + reservedLamports
  const remainingLamports =
    policy.budgetLamports === null ? null : used >= policy.budgetLamports ? 0n : policy.budgetLamports - used
  return { periodStart, spentLamports, reservedLamports, remainingLamports }
}
