import { hexToBytes as nobleHexToBytes } from '@noble/hashes/utils.js'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'

const hexPattern = /^[0-9a-fA-F]*$/

/**
 * Decodes hex (either case, optional `0x` prefix) into bytes.
 * Throws `InvalidEncodingError` on an odd length or a non-hex character.
 *
 * @example
 * hexToBytes('0x01ab') // Uint8Array [1, 171]
 */
export function hexToBytes(hex: string): Uint8Array {
  const digits = hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex
  if (digits.length % 2 !== 0)
    throw new InvalidEncodingError('invalid hex', { details: `odd length (${digits.length} digits)` })
  if (!hexPattern.test(digits))
    throw new InvalidEncodingError('invalid hex', { details: 'non-hex character' })
  return nobleHexToBytes(digits)
}
