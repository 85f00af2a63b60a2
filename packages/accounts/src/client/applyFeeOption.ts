import { InvalidFeeOptionError } from '../errors/InvalidFeeOptionError.js'

/** How the client adjusts one fee or gas value: scale it, then clamp it. */
export type FeeOption = {
  /** Scales the estimate; at most 4 decimal places ('Max precision is 4 decimal places'). */
  multiplier?: number | undefined
  /** Lower bound after scaling. */
  min?: bigint | undefined
  /** Upper bound after scaling. */
  max?: bigint | undefined
}

/** Per-field options; the gas-limit fields are sent to the gateway as overrides for sponsored operations. */
export type FeeOptions = {
  maxFeePerGas?: FeeOption | undefined
  maxPriorityFeePerGas?: FeeOption | undefined
  callGasLimit?: FeeOption | undefined
  verificationGasLimit?: FeeOption | undefined
  preVerificationGas?: FeeOption | undefined
  paymasterVerificationGasLimit?: FeeOption | undefined
  paymasterPostOpGasLimit?: FeeOption | undefined
}

/**
 * `value × multiplier`, rounded up, computed in integers (4 decimal places). Throws
 * `InvalidFeeOptionError` ('Max precision is 4 decimal places') for a finer multiplier, and for a
 * negative or non-finite one.
 *
 * @example
 * multiplyBigInt(1_000n, 1.05) // 1050n
 */
export function multiplyBigInt(value: bigint, multiplier: number): bigint {
  assertMultiplier(multiplier)
  const scaled = BigInt(Math.round(multiplier * 10_000))
  return (value * scaled + 9_999n) / 10_000n
}

/** Throws `InvalidFeeOptionError` unless `multiplier` is a finite, non-negative number with ≤ 4 decimals. */
export function assertMultiplier(multiplier: number): void {
  if (!Number.isFinite(multiplier) || multiplier < 0)
    throw new InvalidFeeOptionError('Multiplier must be a non-negative number', {
      details: `multiplier: ${multiplier}`,
    })
  const decimals = decimalPlaces(multiplier)
  if (decimals > 4)
    throw new InvalidFeeOptionError('Max precision is 4 decimal places', {
      details: `multiplier: ${multiplier}`,
    })
}

function decimalPlaces(value: number): number {
  const [mantissa = '', exponent = '0'] = value.toString().split('e')
  const fraction = mantissa.split('.')[1]?.length ?? 0
  return Math.max(0, fraction - Number(exponent))
}

/**
 * Applies one field's option to an estimate: multiplier first, then `min` / `max`.
 *
 * @example
 * applyFeeOption(100n, { multiplier: 1.5, min: 200n }) // 200n
 */
export function applyFeeOption(value: bigint, option: FeeOption | undefined): bigint {
  if (!option) return value
  let result = option.multiplier === undefined ? value : multiplyBigInt(value, option.multiplier)
  if (option.min !== undefined && result < option.min) result = option.min
  if (option.max !== undefined && result > option.max) result = option.max
  return result
}
