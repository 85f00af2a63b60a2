import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { minPaymasterVerificationGasLimit } from './maxGasLimits.js'
import { parsePaymasterParams } from './parsePaymasterParams.js'
import { signSponsorship } from './signSponsorship.js'

/**
 * ERC-7677 `pm_getPaymasterData`: the signed paymaster fields for the final operation (its gas,
 * fees and, for v0.7/v0.8, paymaster gas limits are what the signature covers). Its worst-case cost
 * must pass the server's caps first: fees against the gateway's estimate, `preVerificationGas` and every
 * gas limit against the bundler's estimate for it (asked here), the latest block's gas limit, the policy's per-operation cap and the paymaster's
 * deposit (see `assertOperationCost`). The operation is recorded against the policy before the answer
 * leaves.
 *
 * @example
 * await getPaymasterData(request, [userOperation, entryPoint, '0x7a69', { policyId }])
 */
export async function getPaymasterData(request: GatewayRequest, params: unknown): Promise<unknown> {
  const { userOperation, entryPoint, version, paymaster, policyId } = parsePaymasterParams(request, params)
  // A client that did not estimate the paymaster's gas gets enough for its signature check; the
  // answer carries the limits the signature covers.
  if (version !== '0.6' && !userOperation.paymasterVerificationGasLimit)
    userOperation.paymasterVerificationGasLimit = minPaymasterVerificationGasLimit
  return signSponsorship({ request, policyId, entryPoint, version, paymaster, userOperation })
}
