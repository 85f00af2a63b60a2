import { RpcError } from '../gateway/RpcError.js'
import { decodeCallTargets } from './decodeCallTargets.js'
import { maxReservedWeiPerUser } from './maxReservedWeiPerUser.js'
import type { SponsoredOperation } from './SponsoredOperation.js'
import type { SponsorPolicy } from './SponsorPolicy.js'

/** Counted usage the per-sender and budget limits are checked against (see `readPolicyUsage`). */
export type PolicyUsage = {
  /** Other operations (nonces) of this user (Sigil user, else sender) signed under the policy since 00:00 UTC. */
  senderOperationsToday: number
  /** Wei the policy's other operations of the budget period count for (real costs and open worst cases). */
  usedWei: bigint
  /** Wei this operation's nonce already counts for (an earlier signature's worst case, or its real cost). */
  operationWei: bigint
  /** `usedWei` of this user's operations only. */
  userUsedWei: bigint
  /** `operationWei` of this user's signatures only. */
  userOperationWei: bigint
  /** Open worst cases of this user's other operations (the part of `userUsedWei` not settled yet). */
  userReservedWei: bigint
}

/** No usage at all (a policy nothing was signed under yet). */
export const noPolicyUsage: PolicyUsage = {
  senderOperationsToday: 0,
  usedWei: 0n,
  operationWei: 0n,
  userUsedWei: 0n,
  userOperationWei: 0n,
  userReservedWei: 0n,
}

const max = (a: bigint, b: bigint) => (a > b ? a : b)

/** Whether a budget (null: unlimited) is used up, or would be by `cost` more. */
const exceeds = (budget: bigint | null, used: bigint, cost: bigint) =>
  budget !== null && (used >= budget || used + cost > budget)

const refuse = (message: string) => new RpcError('POLICY_REFUSED', message)

/**
 * Throws a JSON-RPC policy refusal naming the limit the operation breaks: disabled, expired, chain,
 * call targets, gas per operation, operations per sender per day, budget, per-user budget, the share
 * of the budget one user may hold in open reservations. A budget counts the operation at the larger of
 * its worst case and what its nonce already counts for: a re-signature never lowers what is reserved.
 *
 * @example
 * assertPolicyAllows(policy, operation, { now: Date.now(), usage: { ...noPolicyUsage, senderOperationsToday: 2 } })
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
  if (exceeds(policy.budgetWei, usage.usedWei, max(usage.operationWei, operation.maxCostWei)))
    throw refuse(`${name} budget exhausted`)
  if (exceeds(policy.budgetPerUserWei, usage.userUsedWei, max(usage.userOperationWei, operation.maxCostWei)))
    throw refuse(`${name} per-user budget exhausted`)
  const share = maxReservedWeiPerUser(policy)
  const reserving = max(usage.userOperationWei, operation.maxCostWei)
  if (share !== null && usage.userReservedWei + reserving > share)
    throw refuse(
      `${name} lets one user hold at most ${policy.maxReservedSharePerUserBps / 100}% of its budget (${share} wei) in open reservations; this user holds ${usage.userReservedWei} wei and this operation reserves up to ${reserving} wei`,
    )
}
