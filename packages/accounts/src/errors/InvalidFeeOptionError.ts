import { BaseError } from '@sigil/protocol'

/**
 * A fee option of `createSmartAccountClient` is out of range, e.g. a multiplier with more than four
 * decimal places (`'Max precision is 4 decimal places'`).
 *
 * @example
 * createSmartAccountClient({ …, feeOptions: { maxFeePerGas: { multiplier: 1.00001 } } }) // InvalidFeeOptionError
 */
export class InvalidFeeOptionError extends BaseError {
  override name = 'InvalidFeeOptionError' as const
}
