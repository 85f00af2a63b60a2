import { BaseError } from '@sigil/protocol'

/**
 * A retry setting of `createSmartAccountClient`'s `opts` is not a non-negative number.
 *
 * @example
 * createSmartAccountClient({ …, opts: { txMaxRetries: -1 } }) // InvalidClientOptionError
 */
export class InvalidClientOptionError extends BaseError {
  override name = 'InvalidClientOptionError' as const
}
