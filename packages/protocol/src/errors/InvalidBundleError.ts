import { BaseError } from './BaseError.js'

/**
 * A credential, export or HPKE bundle that is malformed, signed by the wrong key, meant for another organization or recipient, or tampered with.
 *
 * @example
 * await openCredentialBundle({ bundle, recipientPrivateKey: wrongKey }) // throws InvalidBundleError
 */
export class InvalidBundleError extends BaseError {
  override name = 'InvalidBundleError' as const
}
