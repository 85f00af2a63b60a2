/**
 * What `preVerificationGas` may exceed the bundler's estimate by, as the gateway signs it. The bundler
 * prices it from the operation's size with every gas field and signature filled with dummy bytes, so
 * the same operation estimates the same again; the margin covers what moves between the client's
 * estimate and the gateway's: an L2's data fee (it follows L1 prices, hence the percentage) and a
 * signature or paymaster field of another length (hence the constant, ~300 bytes of call data).
 */
export const preVerificationGasMargin = { percent: 10n, gas: 5_000n } as const

/**
 * The largest `preVerificationGas` the paymaster signs for, given the bundler's estimate for the
 * operation: the estimate plus {@link preVerificationGasMargin}.
 *
 * @example
 * maxPreVerificationGas(50_000n) // 60000n
 */
export function maxPreVerificationGas(estimate: bigint): bigint {
  return estimate + (estimate * preVerificationGasMargin.percent + 99n) / 100n + preVerificationGasMargin.gas
}
