import type { Selectable } from 'kysely'
import type { SponsorPolicyTable } from '../../store/sponsorSchema.js'
import type { SolanaSponsorPolicy } from './SolanaSponsorPolicy.js'

const optionalNumber = (value: number | bigint | string | null) => (value === null ? null : Number(value))

/**
 * Stored policy row of kind `'solana'` → {@link SolanaSponsorPolicy}.
 *
 * @example
 * const policy = toSolanaSponsorPolicy(row)
 */
export function toSolanaSponsorPolicy(row: Selectable<SponsorPolicyTable>): SolanaSponsorPolicy {
  return {
    kind: 'solana',
    id: row.id,
    appId: row.app_id,
    name: row.name,
    chainIds: row.chain_ids ? (JSON.parse(row.chain_ids) as string[]) : null,
    maxLamportsPerTransaction:
      row.max_lamports_per_transaction === null ? null : BigInt(row.max_lamports_per_transaction),
    maxTransactionsPerUserPerDay: optionalNumber(row.max_operations_per_sender_per_day),
    allowedPrograms: row.allowed_programs ? (JSON.parse(row.allowed_programs) as string[]) : null,
    audience: row.audience,
    budgetLamports: row.budget_wei === null ? null : BigInt(row.budget_wei),
    budgetPerUserLamports: row.budget_per_user_wei === null ? null : BigInt(row.budget_per_user_wei),
    budgetPeriod: row.budget_period,
    spentLamports: BigInt(row.spent_wei),
    transactions: Number(row.operations),
    expiresAt: optionalNumber(row.expires_at),
    disabledAt: optionalNumber(row.disabled_at),
    createdAt: Number(row.created_at),
  }
}
