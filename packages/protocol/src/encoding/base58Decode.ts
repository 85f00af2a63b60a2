import { base58 } from '@scure/base'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'

/**
 * Decodes base58 (Bitcoin alphabet) into bytes. Throws `InvalidEncodingError` on a character
 * outside the alphabet (`0`, `O`, `I`, `l`, and anything not alphanumeric).
 *
 * @example
 * base58Decode('112') // Uint8Array [0, 0, 1]
 */
export function base58Decode(text: string): Uint8Array {
  try {
    return base58.decode(text)
  } catch (cause) {
    throw new InvalidEncodingError('invalid base58', {
      details: 'character outside the base58 alphabet',
      cause,
    })
  }
}
