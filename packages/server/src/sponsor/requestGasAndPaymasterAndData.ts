import { type Hex, numberToHex } from 'viem'
import { formatUserOperationRequest, type UserOperation } from 'viem/account-abstraction'
import { z } from 'zod'
import { callUpstream } from '../rpc/callUpstream.js'
import type { GatewayRequest } from '../rpc/GatewayRequest.js'
import { parseParams } from '../rpc/parseParams.js'
import { RpcError } from '../rpc/RpcError.js'
import { quantitySchema, requestGasAndPaymasterParamsSchema } from '../rpc/rpcSchemas.js'
import { applyGasOverride } from './applyGasOverride.js'
import { buildPaymasterFields, dummyPaymasterSignature } from './buildPaymasterFields.js'
import { checkSponsorship } from './checkSponsorship.js'
import { defaultPaymasterVerificationGasLimit } from './getPaymasterData.js'
import { parseUserOperation } from './parseUserOperation.js'
import { resolvePaymaster } from './resolvePaymaster.js'
import { signSponsorship } from './signSponsorship.js'
import { toSponsoredOperation } from './toSponsoredOperation.js'

const estimateSchema = z.object({
  callGasLimit: quantitySchema,
  verificationGasLimit: quantitySchema,
  preVerificationGas: quantitySchema,
  paymasterVerificationGasLimit: quantitySchema.nullish(),
  paymasterPostOpGasLimit: quantitySchema.nullish(),
})
const blockSchema = z.object({ baseFeePerGas: quantitySchema.nullish() })

/** An upstream answer in the expected shape, else `UPSTREAM_UNAVAILABLE` (it is not the client's mistake). */
function parseUpstream<schema extends z.ZodType>(
  schema: schema,
  value: unknown,
  what: string,
): z.output<schema> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new RpcError('UPSTREAM_UNAVAILABLE', `${what} answered an unexpected result`)
  return parsed.data
}

/**
 * `alchemy_requestGasAndPaymasterAndData` (reference §5.3): estimates fees (node priority fee; max fee =
 * base fee × 1.5 + priority) and gas (the bundler, with the paymaster's stub data and the client's
 * dummy signature), applies the overrides (absolute hex or `{ multiplier }`), checks the policy and
 * answers the gas, fees and signed paymaster fields: `paymasterAndData` (v0.6) or `paymaster`,
 * `paymasterData`, `paymasterVerificationGasLimit`, `paymasterPostOpGasLimit` (v0.7/v0.8).
 *
 * @example
 * await requestGasAndPaymasterAndData(request, [{ policyId, entryPoint, userOperation, dummySignature, overrides }])
 */
export async function requestGasAndPaymasterAndData(
  request: GatewayRequest,
  params: unknown,
): Promise<unknown> {
  const [{ policyId, entryPoint, userOperation: raw, dummySignature, overrides = {} }] = parseParams(
    requestGasAndPaymasterParamsSchema,
    params,
  )
  const { ctx, chain } = request
  const { version, paymaster } = resolvePaymaster(chain, entryPoint)
  const userOperation = parseUserOperation(raw, version, '0.userOperation')
  const now = ctx.now()
  // Refuse early (before the node and the bundler are asked) what the policy refuses anyway.
  await checkSponsorship(request, {
    policyId,
    operation: toSponsoredOperation(userOperation, { version, chainId: chain.id, entryPoint }),
    userOperation,
    version,
  })
  if (!chain.bundlerUrl) throw new RpcError('INVALID_PARAMS', `chain ${chain.id} has no bundler configured`)
  const node = { url: chain.rpcUrl, label: `node of chain ${chain.id}`, logger: ctx.logger }
  const [priorityFee, block] = await Promise.all([
    callUpstream({ ...node, method: 'eth_maxPriorityFeePerGas', params: [] }),
    callUpstream({ ...node, method: 'eth_getBlockByNumber', params: ['latest', false] }),
  ])
  const baseFee = parseUpstream(blockSchema, block, `the node of chain ${chain.id}`).baseFeePerGas
  if (baseFee === undefined || baseFee === null)
    throw new RpcError('UPSTREAM_UNAVAILABLE', `the node of chain ${chain.id} reports no base fee`)
  const maxPriorityFeePerGas = applyGasOverride(
    parseParams(quantitySchema, priorityFee),
    overrides.maxPriorityFeePerGas,
  )
  const maxFeePerGas = applyGasOverride((baseFee * 3n) / 2n + maxPriorityFeePerGas, overrides.maxFeePerGas)

  const stub = buildPaymasterFields({
    version,
    paymaster,
    validUntil: Math.floor(now / 1000) + ctx.config.sponsorValiditySeconds,
    validAfter: 0,
    signature: dummyPaymasterSignature,
  })
  const draft = {
    ...userOperation,
    ...(stub as Partial<UserOperation>),
    callGasLimit: 0n,
    verificationGasLimit: 0n,
    preVerificationGas: 0n,
    maxFeePerGas,
    maxPriorityFeePerGas,
    signature: dummySignature as Hex,
    ...(version === '0.6' ? {} : { paymasterVerificationGasLimit: 0n, paymasterPostOpGasLimit: 0n }),
  } as UserOperation
  const estimate = parseUpstream(
    estimateSchema,
    await callUpstream({
      url: chain.bundlerUrl,
      label: `bundler of chain ${chain.id}`,
      logger: ctx.logger,
      method: 'eth_estimateUserOperationGas',
      params: [toBundlerRequest(draft), entryPoint],
    }),
    `the bundler of chain ${chain.id}`,
  )
  const final = {
    ...userOperation,
    callGasLimit: applyGasOverride(estimate.callGasLimit, overrides.callGasLimit),
    verificationGasLimit: applyGasOverride(estimate.verificationGasLimit, overrides.verificationGasLimit),
    preVerificationGas: applyGasOverride(estimate.preVerificationGas, overrides.preVerificationGas),
    maxFeePerGas,
    maxPriorityFeePerGas,
    ...(version === '0.6'
      ? {}
      : {
          paymasterVerificationGasLimit: applyGasOverride(
            estimate.paymasterVerificationGasLimit || defaultPaymasterVerificationGasLimit,
            overrides.paymasterVerificationGasLimit,
          ),
          paymasterPostOpGasLimit: applyGasOverride(
            estimate.paymasterPostOpGasLimit ?? 0n,
            overrides.paymasterPostOpGasLimit,
          ),
        }),
  } as UserOperation
  const fields = await signSponsorship({
    request,
    policyId,
    entryPoint,
    version,
    paymaster,
    userOperation: final,
  })
  return {
    callGasLimit: numberToHex(final.callGasLimit),
    preVerificationGas: numberToHex(final.preVerificationGas),
    verificationGasLimit: numberToHex(final.verificationGasLimit),
    maxFeePerGas: numberToHex(final.maxFeePerGas),
    maxPriorityFeePerGas: numberToHex(final.maxPriorityFeePerGas),
    ...fields,
  }
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
