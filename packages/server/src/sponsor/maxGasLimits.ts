import type { EntryPointVersion } from '@sigil/protocol'
import type { SponsoredGasEstimate } from './estimateSponsoredGas.js'

/**
 * What each gas limit may exceed the bundler's estimate by, as the gateway signs it (see
 * `docs/sponsorship.md`, "Gas limits"). The client's estimate and the gateway's come from the same bundler
 * for the same operation, so they agree but for what moves between the two calls (the chain's state, a
 * signature or paymaster field of another length), and a client's `{ multiplier: 1.5 }` on a limit (an
 * Account Kit override). An unused `callGasLimit` (and, on EntryPoint v0.7, `paymasterPostOpGasLimit`) is
 * charged 10 % to the paymaster and paid to whoever bundles, so the margin is also what an inflated
 * operation can take: 10 % of it.
 */
export const gasLimitMargin = { percent: 50n, gas: 20_000n } as const

/**
 * The least `paymasterVerificationGasLimit` the paymaster signs for whatever the bundler estimates: what
 * `pm_getPaymasterData` gives a client that set none (the paymaster's ECDSA check with room to spare).
 * Verification gas is never charged unused; it only counts in the worst case.
 */
export const minPaymasterVerificationGasLimit = 100_000n

/** A gas limit of a user operation that the gateway holds to the bundler's estimate. */
export type HeldGasLimit =
  | 'callGasLimit'
  | 'verificationGasLimit'
  | 'paymasterVerificationGasLimit'
  | 'paymasterPostOpGasLimit'

/**
 * The largest value of each gas limit the paymaster signs for, given the bundler's estimate for the
 * operation: the estimate plus {@link gasLimitMargin}, per EntryPoint version. v0.6 has two limits
 * (`verificationGasLimit` covers the paymaster's validation too); v0.7/v0.8 four, and
 * `paymasterVerificationGasLimit` is at least {@link minPaymasterVerificationGasLimit}.
 *
 * @example
 * maxGasLimits({ callGasLimit: 50_000n, verificationGasLimit: 100_000n, preVerificationGas: 50_000n }, '0.6')
 * // { callGasLimit: 95000n, verificationGasLimit: 170000n }
 */
export function maxGasLimits(
  estimate: SponsoredGasEstimate,
  version: EntryPointVersion,
): Partial<Record<HeldGasLimit, bigint>> {
  const held = {
    callGasLimit: maxGasLimit(estimate.callGasLimit),
    verificationGasLimit: maxGasLimit(estimate.verificationGasLimit),
  }
  if (version === '0.6') return held
  const verification = maxGasLimit(estimate.paymasterVerificationGasLimit ?? 0n)
  return {
    ...held,
    paymasterVerificationGasLimit:
      verification > minPaymasterVerificationGasLimit ? verification : minPaymasterVerificationGasLimit,
    paymasterPostOpGasLimit: maxGasLimit(estimate.paymasterPostOpGasLimit ?? 0n),
  }
}

/**
 * One limit's ceiling: the estimate plus {@link gasLimitMargin} (the percentage rounds up).
 *
 * @example
 * maxGasLimit(50_000n) // 95000n
 */
export function maxGasLimit(estimate: bigint): bigint {
  return estimate + (estimate * gasLimitMargin.percent + 99n) / 100n + gasLimitMargin.gas
}
