import { p256 } from '@noble/curves/nist.js'
import { hexToBytes } from '../encoding/hexToBytes.js'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'

/**
 * Normalizes a P-256 private key given as hex (optional `0x`) or bytes into its 32 bytes, checking
 * that it is a valid scalar (1 ≤ d < n). Throws `InvalidEncodingError` otherwise. Internal.
 *
 * @example
 * toP256PrivateKeyBytes('0x' + '11'.repeat(32)).length // 32
 */
export function toP256PrivateKeyBytes(privateKey: string | Uint8Array): Uint8Array {
  const bytes = typeof privateKey === 'string' ? hexToBytes(privateKey) : privateKey
  if (bytes.length !== 32)
    throw new InvalidEncodingError('invalid P-256 private key', {
      details: `expected 32 bytes, got ${bytes.length}`,
    })
  if (!p256.utils.isValidSecretKey(bytes))
    throw new InvalidEncodingError('invalid P-256 private key', { details: 'scalar out of range' })
  return bytes
}
