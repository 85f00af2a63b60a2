import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { parseParams } from '../gateway/parseParams.js'
import { RpcError } from '../gateway/RpcError.js'
import { paymasterParamsSchema } from '../gateway/rpcSchemas.js'
import { parseUserOperation } from './parseUserOperation.js'
import { resolvePaymaster } from './resolvePaymaster.js'

/**
 * ERC-7677 params `[userOp, entryPoint, chainIdHex, { policyId }]`, checked against the URL's chain,
 * with the EntryPoint's version and the chain's paymaster for it.
 *
 * @example
 * const { userOperation, version, paymaster, policyId } = parsePaymasterParams(request, params)
 */
export function parsePaymasterParams(request: GatewayRequest, params: unknown) {
  const [rawUserOperation, entryPoint, chainIdHex, context] = parseParams(paymasterParamsSchema, params)
  if (BigInt(chainIdHex) !== BigInt(request.chain.id))
    throw new RpcError(
      'INVALID_PARAMS',
      `chain id ${chainIdHex} does not match this gateway URL's chain ${request.chain.id}`,
    )
  const { version, paymaster } = resolvePaymaster(request.chain, entryPoint)
  const userOperation = parseUserOperation(rawUserOperation, version, '0')
  return { userOperation, entryPoint, version, paymaster, policyId: context.policyId }
}
