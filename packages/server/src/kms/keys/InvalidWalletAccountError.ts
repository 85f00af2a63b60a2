import { BaseError } from '@sigil/protocol'

export type InvalidWalletAccountErrorType = InvalidWalletAccountError & { name: 'InvalidWalletAccountError' }

/**
 * A wallet account cannot be derived as asked: the mnemonic is not valid BIP-39, the path is not a
 * BIP-32 path, the curve cannot derive that path, or the address format does not fit the curve.
 * Messages and details never hold the mnemonic or key material.
 *
 * @example
 * throw new InvalidWalletAccountError('invalid derivation path', {
 *   details: `"m/44'/x": level 2 ("x") is not an index like 0 or 44'`,
 * })
 */
export class InvalidWalletAccountError extends BaseError {
  override name = 'InvalidWalletAccountError' as const
}
