import { type Hex, numberToHex } from 'viem'
import type { UserOperation } from 'viem/account-abstraction'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { parseParams } from '../gateway/parseParams.js'
import { requestGasAndPaymasterParamsSchema } from '../gateway/rpcSchemas.js'
import { applyGasOverride } from './applyGasOverride.js'
import { assertFeeCaps } from './assertFeeCaps.js'
import { checkSponsorship } from './checkSponsorship.js'
import { estimateSponsoredGas } from './estimateSponsoredGas.js'
import { minPaymasterVerificationGasLimit } from './maxGasLimits.js'
import { parseUserOperation } from './parseUserOperation.js'
import { readFeeEstimate } from './readFeeEstimate.js'
import { resolvePaymaster } from './resolvePaymaster.js'
import { signSponsorship } from './signSponsorship.js'
import { toSponsoredOperation } from './toSponsoredOperation.js'

/**
 * `alchemy_requestGasAndPaymasterAndData`: estimates fees (the gateway's estimate, {@link readFeeEstimate}:
 * base fee × 1.5 + the node's priority fee) and gas (the bundler, with the paymaster's stub data and the
 * client's dummy signature), applies the overrides (absolute hex or `{ multiplier }`), checks the policy
 * and the cost caps and answers the gas, fees and signed paymaster fields: `paymasterAndData` (v0.6) or
 * `paymaster`, `paymasterData`, `paymasterVerificationGasLimit`, `paymasterPostOpGasLimit` (v0.7/v0.8).
 * Overrides that take the fees or any gas value past the server's caps are refused, never clamped;
 * fees are checked before the bundler is asked, and the bundler's estimate serves the gas caps (one
 * bundler call).
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
  // Refuse early (before the node and the bundler are asked) what the policy refuses anyway.
  await checkSponsorship(request, {
    policyId,
    operation: toSponsoredOperation(userOperation, { version, chainId: chain.id, entryPoint }),
    userOperation,
    version,
  })
  const fees = await readFeeEstimate(request)
  const maxPriorityFeePerGas = applyGasOverride(fees.maxPriorityFeePerGas, overrides.maxPriorityFeePerGas)
  const maxFeePerGas = applyGasOverride(
    fees.maxFeePerGas - fees.maxPriorityFeePerGas + maxPriorityFeePerGas,
    overrides.maxFeePerGas,
  )
  // Overrides past the server's fee caps are refused (never clamped), before the bundler is asked.
  assertFeeCaps({
    maxFeePerGas,
    maxPriorityFeePerGas,
    estimate: fees,
    maxFeeMultiplier: ctx.config.sponsorMaxFeeMultiplier,
    maxPriorityFeeMultiplier: ctx.config.sponsorMaxPriorityFeeMultiplier,
    maxFeePerGasWei: ctx.config.sponsorMaxFeePerGasWei,
    chainId: chain.id,
  })
  const estimate = await estimateSponsoredGas(request, {
    userOperation: { ...userOperation, maxFeePerGas, maxPriorityFeePerGas },
    version,
    entryPoint,
    paymaster,
    signature: dummySignature as Hex,
  })
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
            estimate.paymasterVerificationGasLimit || minPaymasterVerificationGasLimit,
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
    estimates: { fees, gas: estimate },
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
