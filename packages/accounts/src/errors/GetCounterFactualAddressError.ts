import { BaseError } from '@sigil/protocol'

/**
 * `EntryPoint.getSenderAddress(initCode)` did not revert with `SenderAddressResult(address)` with a
 * non-zero address: the factory is missing on the chain, the init code is wrong, or the node failed.
 *
 * @example
 * await toLightAccount({ client, owner }) // GetCounterFactualAddressError: getCounterFactualAddress failed
 */
export class GetCounterFactualAddressError extends BaseError {
  override name = 'GetCounterFactualAddressError' as const

  constructor(parameters: { cause?: unknown } = {}) {
    super('getCounterFactualAddress failed', parameters)
  }
}
