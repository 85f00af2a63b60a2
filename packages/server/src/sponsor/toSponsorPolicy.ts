import type { Selectable } from 'kysely'
import type { Address } from 'viem'
import type { SponsorPolicyTable } from '../store/sponsorSchema.js'
import type { SponsorPolicy } from './SponsorPolicy.js'

const optionalNumber = (value: number | bigint | string | null) => (value === null ? null : Number(value))

/** Stored policy row → {@link SponsorPolicy}. */
export function toSponsorPolicy(row: Selectable<SponsorPolicyTable>): SponsorPolicy {
  return {
    kind: 'evm',
    id: row.id,
    appId: row.app_id,
    name: row.name,
    chainIds: row.chain_ids ? (JSON.parse(row.chain_ids) as number[]) : null,
    maxGasPerOperation: row.max_gas_per_operation === null ? null : BigInt(row.max_gas_per_operation),
    maxOperationsPerSenderPerDay: optionalNumber(row.max_operations_per_sender_per_day),
    audience: row.audience,
    budgetWei: row.budget_wei === null ? null : BigInt(row.budget_wei),
    budgetPerUserWei: row.budget_per_user_wei === null ? null : BigInt(row.budget_per_user_wei),
    budgetPeriod: row.budget_period,
    maxReservedSharePerUserBps: Number(row.max_reserved_share_per_user_bps),
    maxCostWeiPerOperation:
      row.max_cost_wei_per_operation === null ? null : BigInt(row.max_cost_wei_per_operation),
    senderFactories: row.sender_factories ? (JSON.parse(row.sender_factories) as Address[]) : null,
    spentWei: BigInt(row.spent_wei),
    operations: Number(row.operations),
    allowedTargets: row.allowed_targets ? (JSON.parse(row.allowed_targets) as Address[]) : null,
    expiresAt: optionalNumber(row.expires_at),
    disabledAt: optionalNumber(row.disabled_at),
    createdAt: Number(row.created_at),
  }
}
