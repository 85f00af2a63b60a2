import type { SponsorPolicy } from '../sponsor/SponsorPolicy.js'
import type { SolanaSponsorPolicy } from '../sponsor/solana/SolanaSponsorPolicy.js'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/**
 * A policy as the `policy` commands print it: amounts as decimal strings, times as ISO 8601, `kind`
 * `'evm'` (gas) or `'solana'` (fee payer) with that kind's limits.
 */
export function policyJson(policy: SponsorPolicy | SolanaSponsorPolicy) {
  const common = { policyId: policy.id, appId: policy.appId, kind: policy.kind, name: policy.name }
  const times = {
    expiresAt: iso(policy.expiresAt),
    disabledAt: iso(policy.disabledAt),
    createdAt: iso(policy.createdAt),
  }
  if (policy.kind === 'solana')
    return {
      ...common,
      chainIds: policy.chainIds,
      maxLamportsPerTransaction: policy.maxLamportsPerTransaction?.toString() ?? null,
      maxTransactionsPerUserPerDay: policy.maxTransactionsPerUserPerDay,
      allowedPrograms: policy.allowedPrograms,
      spentLamports: policy.spentLamports.toString(),
      transactions: policy.transactions,
      ...times,
    }
  return {
    ...common,
    chainIds: policy.chainIds,
    maxGasPerOperation: policy.maxGasPerOperation?.toString() ?? null,
    maxOperationsPerSenderPerDay: policy.maxOperationsPerSenderPerDay,
    budgetWei: policy.budgetWei?.toString() ?? null,
    spentWei: policy.spentWei.toString(),
    operations: policy.operations,
    allowedTargets: policy.allowedTargets,
    ...times,
  }
}
