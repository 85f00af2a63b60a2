import { BaseError } from '@sigil/protocol'

/**
 * `createSmartAccountClient` (or the `sigil` transport) was given no chain.
 *
 * @example
 * createSmartAccountClient({ account }) // ChainNotFoundError: No chain supplied to the client
 */
export class ChainNotFoundError extends BaseError {
  override name = 'ChainNotFoundError' as const

  constructor(parameters: { cause?: unknown } = {}) {
    super('No chain supplied to the client', parameters)
  }
}
