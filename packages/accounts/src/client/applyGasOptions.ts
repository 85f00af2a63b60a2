import type { EstimateUserOperationGasReturnType } from 'viem/account-abstraction'
import { applyFeeOption, type FeeOptions } from './applyFeeOption.js'

const gasFields = [
  'callGasLimit',
  'verificationGasLimit',
  'preVerificationGas',
  'paymasterVerificationGasLimit',
  'paymasterPostOpGasLimit',
] as const

/**
 * A bundler's gas estimate with the client's gas-limit options applied (multiplier, then min / max),
 * field by field; fields the bundler did not answer stay absent.
 *
 * @example
 * applyGasOptions(estimate, { callGasLimit: { multiplier: 1.2 } })
 */
export function applyGasOptions<estimate extends Partial<EstimateUserOperationGasReturnType>>(
  estimate: estimate,
  feeOptions: FeeOptions,
): estimate {
  const result: Record<string, unknown> = { ...estimate }
  for (const field of gasFields) {
    const value = estimate[field as keyof estimate]
    if (typeof value === 'bigint') result[field] = applyFeeOption(value, feeOptions[field])
  }
  return result as estimate
}
