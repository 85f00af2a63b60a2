import { BaseError } from '@sigil/protocol'

/**
 * An action that needs a signed-in user ran while nobody is signed in.
 *
 * @example
 * await signRawMessage(signer, { message }) // NotAuthenticatedError: Signer not authenticated. …
 */
export class NotAuthenticatedError extends BaseError {
  override name = 'NotAuthenticatedError' as const

  constructor() {
    super('Signer not authenticated. Please authenticate to use this signer.')
  }
}
