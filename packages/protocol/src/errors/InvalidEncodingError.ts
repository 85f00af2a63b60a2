import { BaseError } from './BaseError.js'

/**
 * A string or byte array is not in the expected encoding (hex, base64url, base58, base58check, key bytes).
 *
 * @example
 * hexToBytes('0xzz') // throws InvalidEncodingError
 */
export class InvalidEncodingError extends BaseError {
  override name = 'InvalidEncodingError' as const
}
