import { p256 } from '@noble/curves/nist.js'
import { base64urlEncode, bytesToHex } from '@sigil/protocol'

export type SessionKey = { privateKey: CryptoKey; compressedPublicKey: string }

/**
 * Imports a session key (the 32 bytes a credential bundle carries) as a NON-extractable WebCrypto
 * ECDSA key, and wipes the bytes. Only the frame's memory holds it from then on.
 *
 * @example
 * const sessionKey = await importSessionKey(secretBytes)
 */
export async function importSessionKey(secret: Uint8Array): Promise<SessionKey> {
  try {
    const publicKey = p256.getPublicKey(secret, false)
    const jwk: JsonWebKey = {
      kty: 'EC',
      crv: 'P-256',
      d: base64urlEncode(secret),
      x: base64urlEncode(publicKey.slice(1, 33)),
      y: base64urlEncode(publicKey.slice(33, 65)),
      ext: false,
    }
    const privateKey = await crypto.subtle.importKey(
      'jwk',
      jwk,
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    )
    jwk.d = ''
    return { privateKey, compressedPublicKey: bytesToHex(p256.getPublicKey(secret, true)) }
  } finally {
    secret.fill(0)
  }
}
