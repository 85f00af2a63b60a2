import { BaseError } from '@sigil/protocol'

/**
 * A signer failure with one of the spec's exact messages (`'orgId not found in session'`,
 * `'No user found'`, …). Match on `message`; the texts are part of the contract.
 *
 * @example
 * throw new SignerError('otpId not found in session')
 */
export class SignerError extends BaseError {
  override name = 'SignerError' as const
}
