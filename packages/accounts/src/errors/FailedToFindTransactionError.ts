import { BaseError } from '@sigil/protocol'
import type { Hex } from 'viem'

/**
 * `waitForUserOperationTransaction` used up its retries and the bundler still has no receipt for the
 * user operation.
 *
 * @example
 * await client.waitForUserOperationTransaction({ hash }) // FailedToFindTransactionError
 */
export class FailedToFindTransactionError extends BaseError {
  override name = 'FailedToFindTransactionError' as const
  /** The user-operation hash that was waited for. */
  readonly hash: Hex

  constructor(hash: Hex, parameters: { cause?: unknown } = {}) {
    super(`Failed to find transaction for user operation ${hash}`, parameters)
    this.hash = hash
  }
}
