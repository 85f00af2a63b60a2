import { RpcError } from '../rpc/RpcError.js'
import { decodeCallTargets } from './decodeCallTargets.js'
import type { SponsoredOperation } from './SponsoredOperation.js'
import type { SponsorPolicy } from './SponsorPolicy.js'

/** Counted usage the per-sender and budget limits are checked against. */
export type PolicyUsage = {
  /** Operations of this sender signed under the policy since the start of the UTC day. */
  senderOperationsToday: number
}

const refuse = (message: string) => new RpcError('POLICY_REFUSED', message)

/**
 * Throws a JSON-RPC policy refusal naming the limit the operation breaks: disabled, expired, chain,
 * call targets, gas per operation, operations per sender per day, budget.
 *
 * @example
 * assertPolicyAllows(policy, operation, { now: Date.now(), usage: { senderOperationsToday: 2 } })
 */
export function assertPolicyAllows(
  policy: SponsorPolicy,
  operation: SponsoredOperation,
  { now, usage }: { now: number; usage: PolicyUsage },
): void {
  const name = `Policy ${policy.id}`
  if (policy.disabledAt !== null) throw refuse(`${name} is disabled`)
  if (policy.expiresAt !== null && now >= policy.expiresAt) throw refuse(`${name} has expired`)
  if (policy.chainIds && !policy.chainIds.includes(operation.chainId))
    throw refuse(`${name} does not sponsor chain ${operation.chainId}`)
  if (policy.allowedTargets) {
    const targets = decodeCallTargets(operation.callData)
    if (!targets)
      throw refuse(
        `${name} only allows calls to listed targets, and this call data (selector ${operation.callData.slice(0, 10)}) is not an execute or executeBatch call`,
      )
    const refused = targets.find((target) => !policy.allowedTargets!.includes(target))
    if (refused) throw refuse(`${name} does not allow calls to ${refused}`)
  }
  if (policy.maxGasPerOperation !== null && operation.totalGas > policy.maxGasPerOperation)
    throw refuse(
      `${name} allows at most ${policy.maxGasPerOperation} gas per operation; this one needs ${operation.totalGas}`,
    )
  if (
    policy.maxOperationsPerSenderPerDay !== null &&
    usage.senderOperationsToday >= policy.maxOperationsPerSenderPerDay
  )
    throw refuse(
      `${name} allows ${policy.maxOperationsPerSenderPerDay} operation${policy.maxOperationsPerSenderPerDay === 1 ? '' : 's'} per sender per day`,
    )
  if (policy.budgetWei !== null) {
    const remaining = policy.budgetWei - policy.spentWei
    if (remaining <= 0n || operation.maxCostWei > remaining) throw refuse(`${name} budget exhausted`)
  }
}
