import type { UserOperation } from 'viem/account-abstraction'
import type { GatewayRequest } from '../rpc/GatewayRequest.js'
import type { EntryPointVersion } from './getPaymasterHash.js'
import type { SponsorPolicy } from './SponsorPolicy.js'

/**
 * Refuses a sender the policy does not sponsor: with `senderFactories` set, a deployed sender must be an
 * account those factories make (its code), a new one must be created by one of them (`initCode` /
 * `factory`). Call-target rules only describe accounts whose code is known.
 *
 * @example
 * await assertKnownSender(request, policy, userOperation, '0.7')
 */
export async function assertKnownSender(
  _request: GatewayRequest,
  _policy: SponsorPolicy,
  _userOperation: UserOperation,
  _version: EntryPointVersion,
): Promise<void> {
  // Filled in by the sender work (issue 15, point 4).
}
