import type { EntryPointVersion } from '@sigil/protocol'
import type { Address, Hex } from 'viem'
import { formatUserOperationRequest, type UserOperation } from 'viem/account-abstraction'
import { z } from 'zod'
import { callUpstream } from '../gateway/callUpstream.js'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { RpcError } from '../gateway/RpcError.js'
import { quantitySchema } from '../gateway/rpcSchemas.js'
import { buildPaymasterFields, dummyPaymasterSignature } from './buildPaymasterFields.js'
import { parseUpstreamResult } from './parseUpstreamResult.js'

const estimateSchema = z.object({
  callGasLimit: quantitySchema,
  verificationGasLimit: quantitySchema,
  preVerificationGas: quantitySchema,
  paymasterVerificationGasLimit: quantitySchema.nullish(),
  paymasterPostOpGasLimit: quantitySchema.nullish(),
})

/** The bundler's gas estimate for an operation the Sigil paymaster sponsors. */
export type SponsoredGasEstimate = z.output<typeof estimateSchema>

export type EstimateSponsoredGasParameters = {
  userOperation: UserOperation
  version: EntryPointVersion
  entryPoint: Address
  paymaster: Address
  /** The account's dummy signature to simulate with; default the operation's own signature. */
  signature?: Hex | undefined
}

/**
 * The chain's bundler's `eth_estimateUserOperationGas` for the operation as the Sigil paymaster would
 * sponsor it: its paymaster fields are the paymaster's stub data (a dummy signature of a real one's
 * length) and its gas limits are left to the bundler. Throws `INVALID_PARAMS` when the chain has no
 * bundler, the bundler's own JSON-RPC error when it cannot estimate the operation (a simulation that
 * reverts, say), `UPSTREAM_UNAVAILABLE` when it does not answer.
 *
 * @example
 * const { preVerificationGas } = await estimateSponsoredGas(request, { userOperation, version: '0.7', entryPoint, paymaster })
 */
export async function estimateSponsoredGas(
  request: GatewayRequest,
  { userOperation, version, entryPoint, paymaster, signature }: EstimateSponsoredGasParameters,
): Promise<SponsoredGasEstimate> {
  const { ctx, chain } = request
  if (!chain.bundlerUrl) throw new RpcError('INVALID_PARAMS', `chain ${chain.id} has no bundler configured`)
  const stub = buildPaymasterFields({
    version,
    paymaster,
    validUntil: Math.floor(ctx.now() / 1000) + ctx.config.sponsorValiditySeconds,
    validAfter: 0,
    signature: dummyPaymasterSignature,
  })
  const draft = {
    ...userOperation,
    ...(stub as Partial<UserOperation>),
    callGasLimit: 0n,
    verificationGasLimit: 0n,
    preVerificationGas: 0n,
    signature: signature ?? userOperation.signature,
    ...(version === '0.6' ? {} : { paymasterVerificationGasLimit: 0n, paymasterPostOpGasLimit: 0n }),
  } as UserOperation
  const label = `bundler of chain ${chain.id}`
  const answer = await callUpstream({
    url: chain.bundlerUrl,
    label,
    logger: ctx.logger,
    method: 'eth_estimateUserOperationGas',
    params: [toBundlerRequest(draft), entryPoint],
  })
  return parseUpstreamResult(estimateSchema, answer, `the ${label}`)
}

/**
 * The operation as the bundler takes it. viem writes `eip7702Auth` only from an `authorization` field; the
 * gateway keeps the client's `eip7702Auth` as it came, so it is carried over here: without it the bundler
 * simulates an EOA that is not yet delegated (AA20 account not deployed).
 */
function toBundlerRequest(operation: UserOperation) {
  const { eip7702Auth } = operation as { eip7702Auth?: unknown }
  return { ...formatUserOperationRequest(operation), ...(eip7702Auth ? { eip7702Auth } : {}) }
}
