import type { SponsorPolicy } from '../sponsor/SponsorPolicy.js'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** A policy as the `policy` commands print it: amounts as decimal strings, times as ISO 8601. */
export function policyJson(policy: SponsorPolicy) {
  return {
    policyId: policy.id,
    appId: policy.appId,
    name: policy.name,
    chainIds: policy.chainIds,
    maxGasPerOperation: policy.maxGasPerOperation?.toString() ?? null,
    maxOperationsPerSenderPerDay: policy.maxOperationsPerSenderPerDay,
    budgetWei: policy.budgetWei?.toString() ?? null,
    spentWei: policy.spentWei.toString(),
    operations: policy.operations,
    allowedTargets: policy.allowedTargets,
    expiresAt: iso(policy.expiresAt),
    disabledAt: iso(policy.disabledAt),
    createdAt: iso(policy.createdAt),
  }
}
