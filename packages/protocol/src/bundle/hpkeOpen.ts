import { p256 } from '@noble/curves/nist.js'
import { concatBytes } from '@noble/hashes/utils.js'
import { InvalidBundleError } from '../errors/InvalidBundleError.js'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import { toP256PrivateKeyBytes } from '../keys/toP256PrivateKeyBytes.js'
import { toUncompressedP256PublicKey } from '../keys/toUncompressedP256PublicKey.js'
import { getHpkeSuite } from './getHpkeSuite.js'
import { hpkeInfo } from './hpkeInfo.js'

export type HpkeOpenParameters = {
  /** The sender's ephemeral public key `enc`, uncompressed (65 bytes) or compressed (33 bytes). */
  encappedPublic: Uint8Array
  ciphertext: Uint8Array
  /**
   * The recipient's P-256 private key as hex or 32 bytes, or a WebCrypto ECDH P-256 key pair whose
   * private key has the `deriveBits` usage. A non-extractable private key works: only the public key
   * is exported (for the AAD).
   */
  recipientPrivateKey: Uint8Array | string | CryptoKeyPair
}

/**
 * Decrypts one message sealed with the Turnkey HPKE profile (see `hpkeSeal`). Throws
 * `InvalidBundleError` when `enc` is not a P-256 point or the ciphertext does not open (wrong
 * recipient, tampered bytes), and `InvalidEncodingError` for a malformed private key.
 *
 * @example
 * const plaintext = await hpkeOpen({ encappedPublic, ciphertext, recipientPrivateKey: embeddedKeyPair })
 */
export async function hpkeOpen({
  encappedPublic,
  ciphertext,
  recipientPrivateKey,
}: HpkeOpenParameters): Promise<Uint8Array> {
  const suite = getHpkeSuite()
  let recipientKey: CryptoKeyPair
  let recipientPublicKeyBytes: Uint8Array
  if (recipientPrivateKey instanceof Uint8Array || typeof recipientPrivateKey === 'string') {
    const secretKey = toP256PrivateKeyBytes(recipientPrivateKey)
    recipientPublicKeyBytes = p256.getPublicKey(secretKey, false)
    recipientKey = {
      privateKey: await suite.kem.deserializePrivateKey(secretKey),
      publicKey: await suite.kem.deserializePublicKey(recipientPublicKeyBytes),
    }
  } else {
    recipientKey = recipientPrivateKey
    recipientPublicKeyBytes = new Uint8Array(
      await globalThis.crypto.subtle.exportKey('raw', recipientKey.publicKey),
    )
  }
  let enc: Uint8Array
  try {
    enc = toUncompressedP256PublicKey(encappedPublic)
  } catch (cause) {
    if (!(cause instanceof InvalidEncodingError)) throw cause
    throw new InvalidBundleError('failed to decrypt bundle', {
      details: 'encapsulated key is not a P-256 point',
      cause,
    })
  }
  try {
    const plaintext = await suite.open(
      { recipientKey, enc, info: new TextEncoder().encode(hpkeInfo) },
      ciphertext,
      concatBytes(enc, recipientPublicKeyBytes),
    )
    return new Uint8Array(plaintext)
  } catch (cause) {
    throw new InvalidBundleError('failed to decrypt bundle', {
      details: 'wrong recipient key or tampered ciphertext',
      cause,
    })
  }
}
