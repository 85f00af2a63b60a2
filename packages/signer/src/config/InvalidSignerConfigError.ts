import { BaseError } from '@sigil/protocol'

/**
 * `createSigner` was given a config it cannot use; the message names the field.
 *
 * @example
 * createSigner({ connection: {} }) // InvalidSignerConfigError: Invalid signer config: connection.rpcUrl …
 */
export class InvalidSignerConfigError extends BaseError {
  override name = 'InvalidSignerConfigError' as const
}
