import type { EntryPointVersion } from '@sigil/protocol'
import type { UserOperation } from 'viem/account-abstraction'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { RpcError } from '../gateway/RpcError.js'
import { decodeCallTargets } from './decodeCallTargets.js'
import { findSenderKind } from './findSenderKind.js'
import { readDeployingFactories } from './readDeployingFactories.js'
import type { SponsorPolicy } from './SponsorPolicy.js'
import { sigilAccountFactories } from './sigilAccountFactories.js'

const refuse = (message: string) => new RpcError('POLICY_REFUSED', message)

/**
 * Refuses a sender the policy does not sponsor (docs/sponsorship.md):
 * - with `senderFactories` set, a new sender must be deployed by a listed factory (`initCode` /
 *   `factory`); a deployed one must run the code a listed Sigil factory deploys (`findSenderKind`), or,
 *   for a listed factory that is not Sigil's, have been deployed by it through an EntryPoint (its
 *   `AccountDeployed` log: the factory's record);
 * - with `allowedTargets` set, the sender must be one of Sigil's account types (by its code or its
 *   factory) and the call data one of that type's own `execute` / `executeBatch` encodings: call-target
 *   rules only describe accounts whose code is known.
 * The code is read from the chain's node when asked (stub data, estimation, final signature).
 *
 * @example
 * await assertKnownSender(request, policy, userOperation, '0.7')
 */
export async function assertKnownSender(
  request: GatewayRequest,
  policy: SponsorPolicy,
  userOperation: UserOperation,
  version: EntryPointVersion,
): Promise<void> {
  const factories = policy.senderFactories
  if (!factories && !policy.allowedTargets) return
  const name = `Policy ${policy.id}`
  const { sender } = userOperation
  const { kind, factory, code, description } = await findSenderKind(request, userOperation, version)
  if (factories) {
    const listed = factory
      ? factories.includes(factory)
      : (kind !== undefined && factories.includes(kind.factory)) ||
        (code !== undefined && code.code.shape !== 'none' && (await deployedByListedFactory()))
    if (!listed)
      throw refuse(
        `${name} sponsors accounts made by its listed factories only; ${sender} is not one (${description})`,
      )
  }
  if (policy.allowedTargets) {
    if (!kind)
      throw refuse(
        `${name} only allows calls to listed targets, which it can read for Sigil's account types only; ${sender} is not one (${description})`,
      )
    if (decodeCallTargets(userOperation.callData, kind.calls) === undefined)
      throw refuse(
        `${name} only allows calls to listed targets, and this call data (selector ${userOperation.callData.slice(0, 10)}) is not an execute or executeBatch call of ${kind.name}`,
      )
  }

  /** Whether a listed factory that is not Sigil's deployed the sender through an EntryPoint. */
  async function deployedByListedFactory() {
    const custom = factories!.filter((listed) => !sigilAccountFactories.includes(listed))
    if (custom.length === 0) return false
    const deployers = await readDeployingFactories(request, sender)
    return deployers.some((deployer) => custom.includes(deployer))
  }
}
