import { BaseError } from './BaseError.js'

/**
 * An `X-Stamp` or `X-Stamp-Webauthn` header that cannot be parsed or whose signature cannot be checked.
 *
 * @example
 * parseApiKeyStamp('not-a-stamp') // throws InvalidStampError
 */
export class InvalidStampError extends BaseError {
  override name = 'InvalidStampError' as const
}
