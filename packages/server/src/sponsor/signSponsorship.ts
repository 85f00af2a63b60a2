import type { EntryPointVersion } from '@sigil/protocol'
import { getPaymasterHash } from '@sigil/protocol'
import type { Address } from 'viem'
import { getUserOperationHash, type UserOperation } from 'viem/account-abstraction'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { RpcError } from '../gateway/RpcError.js'
import { assertOperationCost, type OperationCostEstimates } from './assertOperationCost.js'
import { buildPaymasterFields, type PaymasterFields } from './buildPaymasterFields.js'
import { checkSponsorship } from './checkSponsorship.js'
import { findEip7702Delegate } from './findEip7702Delegate.js'
import { reserveSponsorship } from './reserveSponsorship.js'
import { signPaymasterHash } from './signPaymasterHash.js'
import { toSponsoredOperation } from './toSponsoredOperation.js'

export type SignSponsorshipParameters = {
  request: GatewayRequest
  policyId: string
  entryPoint: Address
  version: EntryPointVersion
  paymaster: Address
  /** The final operation: gas, fees and (v0.7/v0.8) paymaster gas limits as they will be sent. */
  userOperation: UserOperation
  /** Fee and gas estimates already in hand for this operation (not asked again). */
  estimates?: OperationCostEstimates | undefined
}

/**
 * Signs final paymaster data for an operation the app's policy sponsors: checks every limit, signs
 * the paymaster hash with the vault-held signer, records the operation (durably, in the same
 * transaction as the final limit check) and returns the paymaster fields. A refusal throws the
 * JSON-RPC error naming the limit, and nothing is signed.
 *
 * @example
 * const fields = await signSponsorship({ request, policyId, entryPoint, version: '0.7', paymaster, userOperation })
 */
export async function signSponsorship(parameters: SignSponsorshipParameters): Promise<PaymasterFields> {
  const { request, policyId, entryPoint, version, paymaster, userOperation } = parameters
  const { ctx, chain, app } = request
  const now = ctx.now()
  const gasValues = [
    userOperation.callGasLimit,
    userOperation.verificationGasLimit,
    userOperation.preVerificationGas,
    userOperation.maxFeePerGas,
    userOperation.maxPriorityFeePerGas,
    userOperation.paymasterVerificationGasLimit ?? 0n,
    userOperation.paymasterPostOpGasLimit ?? 0n,
  ]
  if (gasValues.some((value) => value >= 2n ** 128n))
    throw new RpcError('INVALID_PARAMS', 'gas and fee values must fit in 128 bits')
  const operation = toSponsoredOperation(userOperation, { version, chainId: chain.id, entryPoint })
  const { policy, caller } = await checkSponsorship(request, { policyId, operation, userOperation, version })
  const { fromBlock } = await assertOperationCost(request, {
    policy,
    operation,
    userOperation,
    version,
    entryPoint,
    paymaster,
    estimates: parameters.estimates,
  })
  const validity = ctx.config.sponsorValiditySeconds * 1000
  const until = Math.min(now + validity, policy.expiresAt ?? Number.POSITIVE_INFINITY)
  const validUntil = Math.floor(until / 1000)
  const validAfter = 0
  const hash = getPaymasterHash({
    userOperation,
    entryPointVersion: version,
    chainId: chain.id,
    paymaster,
    validUntil,
    validAfter,
  })
  const [signature, delegate] = await Promise.all([
    request.paymasterSigner().then((signer) => signPaymasterHash(ctx.vault, signer, hash)),
    findEip7702Delegate(request, userOperation, version),
  ])
  const gasLimits =
    version === '0.6'
      ? undefined
      : {
          verification: userOperation.paymasterVerificationGasLimit ?? 0n,
          postOp: userOperation.paymasterPostOpGasLimit ?? 0n,
        }
  const fields = buildPaymasterFields({ version, paymaster, validUntil, validAfter, signature, gasLimits })
  await reserveSponsorship(ctx.batcher, {
    policyId,
    appId: app.id,
    operation,
    userKey: caller.userKey ?? `sender:${operation.sender.toLowerCase()}`,
    validUntil,
    fromBlock,
    userOperationHash: userOperationHashOf(
      { ...userOperation, ...fields },
      { version, chainId: chain.id, entryPoint, delegate },
    ),
    now,
  })
  ctx.metrics.sponsorshipReserved(policyId, operation.maxCostWei)
  return fields
}

/**
 * The hash the EntryPoint gives the operation (what settlement looks its `UserOperationEvent` up by first). A
 * v0.8 EIP-7702 operation hashes with the sender's delegate in place of its init code (`findEip7702Delegate`),
 * which the client names and the chain may not install, so settlement also finds it by sender and nonce;
 * without a delegate `0x` is recorded (charged its worst case if never found once it expires).
 */
function userOperationHashOf(
  userOperation: Record<string, unknown>,
  {
    version,
    chainId,
    entryPoint,
    delegate,
  }: { version: EntryPointVersion; chainId: number; entryPoint: Address; delegate: Address | undefined },
) {
  const op = { ...userOperation } as UserOperation
  if (version !== '0.6') {
    op.paymasterVerificationGasLimit = BigInt(String(userOperation.paymasterVerificationGasLimit ?? 0))
    op.paymasterPostOpGasLimit = BigInt(String(userOperation.paymasterPostOpGasLimit ?? 0))
  }
  // Only the delegate's address enters the hash.
  if (delegate) op.authorization = { address: delegate, chainId, nonce: 0, r: '0x0', s: '0x0', yParity: 0 }
  try {
    return getUserOperationHash({
      userOperation: op,
      entryPointAddress: entryPoint,
      entryPointVersion: version,
      chainId,
    })
  } catch {
    return '0x'
  }
}
