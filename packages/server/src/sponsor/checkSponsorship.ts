import type { EntryPointVersion } from '@sigil/protocol'
import type { UserOperation } from 'viem/account-abstraction'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { assertKnownSender } from './assertKnownSender.js'
import { assertPolicyAllows } from './assertPolicyAllows.js'
import { assertPolicyAudience, type PolicyCaller } from './assertPolicyAudience.js'
import { findSponsorPolicy } from './findSponsorPolicy.js'
import { readPolicyUsage } from './readPolicyUsage.js'
import type { SponsoredOperation } from './SponsoredOperation.js'
import type { SponsorPolicy } from './SponsorPolicy.js'

export type CheckSponsorshipParameters = {
  policyId: string
  operation: SponsoredOperation
  userOperation: UserOperation
  version: EntryPointVersion
}

/**
 * Whether the app's policy would sponsor the operation now (nothing is recorded): the caller must be
 * in the policy's audience, the limits must hold against what is spent and reserved, and the sender
 * must be an account the policy knows. Throws the JSON-RPC refusal naming the rule, else returns the
 * policy and who its per-user limits count. Stub data and estimation ask this first.
 *
 * @example
 * const { policy, caller } = await checkSponsorship(request, { policyId, operation, userOperation, version })
 */
export async function checkSponsorship(
  request: GatewayRequest,
  { policyId, operation, userOperation, version }: CheckSponsorshipParameters,
): Promise<{ policy: SponsorPolicy; caller: PolicyCaller }> {
  const { ctx, app } = request
  const now = ctx.now()
  const policy = await findSponsorPolicy(ctx.store.db, { policyId, appId: app.id })
  const caller = await assertPolicyAudience(request, policy)
  const view = await readPolicyUsage(ctx.store.db, policy, operation, now, caller.userKey)
  assertPolicyAllows(view.policy, operation, { now, usage: view.usage })
  await assertKnownSender(request, policy, userOperation, version)
  return { policy, caller }
}
