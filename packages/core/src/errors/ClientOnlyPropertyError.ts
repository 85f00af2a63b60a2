import { BaseError } from '@sigil/protocol'

/**
 * Something that exists only in the browser (or wherever the app gave a key holder) was asked for
 * on the server, e.g. the signer during server-side rendering.
 *
 * @example
 * await authenticate(config, { type: 'email', email }) // on the server: signer is only available on the client
 */
export class ClientOnlyPropertyError extends BaseError {
  override name = 'ClientOnlyPropertyError' as const

  constructor(property: string) {
    super(`${property} is only available on the client`)
  }
}
