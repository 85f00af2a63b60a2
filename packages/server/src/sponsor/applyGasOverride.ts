import type { GasOverride } from '../gateway/rpcSchemas.js'

/**
 * A gas or fee value after an `alchemy_requestGasAndPaymasterAndData` override: an absolute value
 * replaces the estimate; `{ multiplier }` scales it (to 4 decimal places, rounded up).
 *
 * @example
 * applyGasOverride(100_000n, { multiplier: 1.5 }) // 150000n
 */
export function applyGasOverride(estimate: bigint, override: GasOverride | undefined): bigint {
  if (override === undefined) return estimate
  if (typeof override === 'bigint') return override
  const scaled = BigInt(Math.round(override.multiplier * 10_000))
  return (estimate * scaled + 9_999n) / 10_000n
}
