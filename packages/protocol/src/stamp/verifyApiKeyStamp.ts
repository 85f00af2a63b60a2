import { ed25519 } from '@noble/curves/ed25519.js'
import { p256 } from '@noble/curves/nist.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { hexToBytes } from '../encoding/hexToBytes.js'
import { InvalidStampError } from '../errors/InvalidStampError.js'
import { importP256PublicKey } from './importP256PublicKey.js'
import type { ApiKeyStamp } from './parseApiKeyStamp.js'

export type VerifyApiKeyStampParameters = {
  /** The exact request body as received (a string is taken as its UTF-8 bytes). */
  body: string | Uint8Array
  /** The stamp, as returned by `parseApiKeyStamp`. */
  stamp: ApiKeyStamp
  /**
   * A cached WebCrypto verify key for `stamp.publicKey` (from `importP256PublicKey`). Used for P-256
   * stamps only; the caller is responsible for it belonging to `stamp.publicKey`.
   */
  publicKey?: CryptoKey | undefined
}

function malformed(details: string, cause: unknown): InvalidStampError {
  return new InvalidStampError('malformed activity stamp', { details, cause })
}

function decodeHex(value: string, field: 'publicKey' | 'signature'): Uint8Array {
  try {
    return hexToBytes(value)
  } catch (cause) {
    throw malformed(`${field} is not hex`, cause)
  }
}

/** DER `SEQUENCE{r, s}` → 64-byte r‖s, without any low-S check. */
function derToCompact(curve: typeof p256 | typeof secp256k1, signatureHex: string): Uint8Array<ArrayBuffer> {
  const der = decodeHex(signatureHex, 'signature')
  try {
    return new Uint8Array(curve.Signature.fromBytes(der, 'der').toBytes('compact'))
  } catch (cause) {
    throw malformed('signature is not a valid DER ECDSA signature', cause)
  }
}

/**
 * Verifies an API-key stamp over the exact body bytes. P-256 goes through WebCrypto, which accepts
 * high-S signatures (about half of real client stamps are high-S); secp256k1 uses SHA-256 and also
 * accepts high-S; Ed25519 signs the raw body. Returns `false` for a signature that does not verify,
 * and throws `InvalidStampError` only for malformed input (a DER signature or key that does not
 * parse).
 *
 * @example
 * const stamp = parseApiKeyStamp(headerValue)
 * if (!(await verifyApiKeyStamp({ body: rawBody, stamp }))) throw new Error('bad stamp signature')
 */
export async function verifyApiKeyStamp({
  body,
  stamp,
  publicKey,
}: VerifyApiKeyStampParameters): Promise<boolean> {
  const message = typeof body === 'string' ? new TextEncoder().encode(body) : new Uint8Array(body)
  switch (stamp.scheme) {
    case 'SIGNATURE_SCHEME_TK_API_P256': {
      const signature = derToCompact(p256, stamp.signature)
      const key = publicKey ?? (await importP256PublicKey(stamp.publicKey))
      return globalThis.crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, signature, message)
    }
    case 'SIGNATURE_SCHEME_TK_API_SECP256K1': {
      const signature = derToCompact(secp256k1, stamp.signature)
      const key = decodeHex(stamp.publicKey, 'publicKey')
      if (!secp256k1.utils.isValidPublicKey(key))
        throw malformed('publicKey is not a valid secp256k1 point', undefined)
      return secp256k1.verify(signature, message, key, { prehash: true, lowS: false })
    }
    case 'SIGNATURE_SCHEME_TK_API_ED25519': {
      const key = decodeHex(stamp.publicKey, 'publicKey')
      const signature = decodeHex(stamp.signature, 'signature')
      if (key.length !== 32 || signature.length !== 64)
        throw malformed('Ed25519 keys are 32 bytes and signatures 64 bytes', undefined)
      try {
        ed25519.Point.fromBytes(key)
      } catch (cause) {
        throw malformed('publicKey is not a valid Ed25519 point', cause)
      }
      return ed25519.verify(signature, message, key)
    }
    default:
      throw malformed('unsupported signature scheme', undefined)
  }
}
