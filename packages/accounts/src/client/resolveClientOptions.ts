import { InvalidClientOptionError } from '../errors/InvalidClientOptionError.js'
import { assertMultiplier, type FeeOptions } from './applyFeeOption.js'

export type SmartAccountClientOptions = {
  /** Attempts of `waitForUserOperationTransaction`; default 5. */
  txMaxRetries?: number | undefined
  /** Wait before the first attempt; default 2000 ms. */
  txRetryIntervalMs?: number | undefined
  /** Growth of the wait per attempt; default 1.5. */
  txRetryMultiplier?: number | undefined
  feeOptions?: FeeOptions | undefined
}

export type ResolvedClientOptions = {
  txMaxRetries: number
  txRetryIntervalMs: number
  txRetryMultiplier: number
  feeOptions: FeeOptions
}

/** The fee options of Account Kit's Alchemy client (docs/protocol.md#gateway-methods). */
export const defaultFeeOptions = {
  maxFeePerGas: { multiplier: 1.5 },
  maxPriorityFeePerGas: { multiplier: 1.05 },
} as const satisfies FeeOptions

/**
 * The client's settings with Account Kit's defaults (transaction retries 5 / 2000 ms / ×1.5,
 * docs/account-kit.md#constants; fee options, docs/protocol.md#gateway-methods). Throws
 * `InvalidClientOptionError` for a negative or non-numeric retry setting and `InvalidFeeOptionError` for a
 * multiplier finer than 4 decimal places.
 *
 * @example
 * resolveClientOptions({ txMaxRetries: 10 }) // { txMaxRetries: 10, txRetryIntervalMs: 2000, txRetryMultiplier: 1.5, feeOptions }
 */
export function resolveClientOptions(
  options: SmartAccountClientOptions = {},
  feeOptions: FeeOptions = {},
): ResolvedClientOptions {
  const resolved = {
    txMaxRetries: options.txMaxRetries ?? 5,
    txRetryIntervalMs: options.txRetryIntervalMs ?? 2000,
    txRetryMultiplier: options.txRetryMultiplier ?? 1.5,
    feeOptions: { ...defaultFeeOptions, ...options.feeOptions, ...feeOptions },
  }
  for (const name of ['txMaxRetries', 'txRetryIntervalMs', 'txRetryMultiplier'] as const) {
    const value = resolved[name]
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      throw new InvalidClientOptionError(`${name} must be a non-negative number`, {
        details: `${name}: ${value}`,
      })
  }
  for (const option of Object.values(resolved.feeOptions))
    if (option?.multiplier !== undefined) assertMultiplier(option.multiplier)
  return resolved
}
