import { BaseError } from '@sigil/protocol'

/**
 * The fee estimator could not price a user operation, e.g. the latest block has no base fee
 * (`'baseFeePerGas is null'`).
 *
 * @example
 * await client.sendUserOperation({ calls }) // FeeEstimationError: baseFeePerGas is null
 */
export class FeeEstimationError extends BaseError {
  override name = 'FeeEstimationError' as const
}
