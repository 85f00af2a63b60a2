import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import { InvalidStampError } from '../errors/InvalidStampError.js'
import { toUncompressedP256PublicKey } from '../keys/toUncompressedP256PublicKey.js'

/**
 * Turns a P-256 public key (compressed or uncompressed SEC1 hex) into a WebCrypto ECDSA verify key.
 * Decompressing and importing is the slow part of verifying a stamp, so servers cache the result
 * per public key and pass it to `verifyApiKeyStamp`. Throws `InvalidStampError` when the key is not
 * a valid P-256 point.
 *
 * @example
 * const key = cache.get(stamp.publicKey) ?? (await importP256PublicKey(stamp.publicKey))
 * const ok = await verifyApiKeyStamp({ body, stamp, publicKey: key })
 */
export async function importP256PublicKey(publicKeyHex: string): Promise<CryptoKey> {
  let uncompressed: Uint8Array<ArrayBuffer>
  try {
    uncompressed = new Uint8Array(toUncompressedP256PublicKey(publicKeyHex))
  } catch (cause) {
    if (!(cause instanceof InvalidEncodingError)) throw cause
    throw new InvalidStampError('malformed activity stamp', {
      details: cause.details ?? cause.shortMessage,
      cause,
    })
  }
  return globalThis.crypto.subtle.importKey(
    'raw',
    uncompressed,
    { name: 'ECDSA', namedCurve: 'P-256' },
    true,
    ['verify'],
  )
}
