import { BaseError } from '@sigil/protocol'

/**
 * A ModularAccountV2 nonce key is negative or above `2**152 - 1` (it fills the top 152 bits of the
 * EntryPoint's 192-bit nonce key).
 *
 * @example
 * await toModularAccountV2({ client, owner, nonceKey: 2n ** 152n }) // InvalidNonceKeyError
 */
export class InvalidNonceKeyError extends BaseError {
  override name = 'InvalidNonceKeyError' as const

  constructor(nonceKey: bigint) {
    super(`Nonce key is ${nonceKey} but has to be less than or equal to 2**152`)
  }
}
