import { BaseError } from '@sigil/protocol'

export type InvalidMnemonicLengthErrorType = InvalidMnemonicLengthError & {
  name: 'InvalidMnemonicLengthError'
}

/**
 * A mnemonic length other than the BIP-39 word counts 12, 15, 18, 21 or 24.
 *
 * @example
 * throw new InvalidMnemonicLengthError('invalid mnemonic length', {
 *   details: 'got 13; use 12, 15, 18, 21 or 24',
 * })
 */
export class InvalidMnemonicLengthError extends BaseError {
  override name = 'InvalidMnemonicLengthError' as const
}
