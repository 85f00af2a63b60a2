import { p256 } from '@noble/curves/nist.js'
import { hexToBytes } from '../encoding/hexToBytes.js'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'

/**
 * Normalizes a P-256 public key given as compressed (33 bytes) or uncompressed (65 bytes) SEC1,
 * hex or bytes, into its 65-byte uncompressed form, checking that the point is on the curve.
 * Throws `InvalidEncodingError` otherwise. Internal.
 *
 * @example
 * toUncompressedP256PublicKey('02…').length // 65
 */
export function toUncompressedP256PublicKey(publicKey: string | Uint8Array): Uint8Array {
  const bytes = typeof publicKey === 'string' ? hexToBytes(publicKey) : publicKey
  if (bytes.length !== 33 && bytes.length !== 65)
    throw new InvalidEncodingError('invalid P-256 public key', {
      details: `expected 33 or 65 bytes, got ${bytes.length}`,
    })
  try {
    return p256.Point.fromBytes(bytes).toBytes(false)
  } catch (cause) {
    throw new InvalidEncodingError('invalid P-256 public key', { details: 'not a point on the curve', cause })
  }
}
