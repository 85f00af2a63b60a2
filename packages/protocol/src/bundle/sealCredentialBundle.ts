import { p256 } from '@noble/curves/nist.js'
import { concatBytes } from '@noble/hashes/utils.js'
import { base58checkEncode } from '../encoding/base58checkEncode.js'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'
import { hpkeSeal } from './hpkeSeal.js'

export type SealCredentialBundleParameters = {
  /** The 32-byte raw P-256 private key of the freshly created API key. */
  privateKey: Uint8Array
  /** The client's target public key (P-256, compressed or uncompressed hex). */
  targetPublicKey: string
}

/**
 * Encrypts an API private key to a client's target key as a credential bundle (email/OTP/OAuth auth,
 * read-write sessions): base58check(compressed enc (33 bytes) ‖ ciphertext), about 115 characters.
 * Opened by `openCredentialBundle` and by `@turnkey/crypto`'s `decryptCredentialBundle`.
 *
 * @example
 * const credentialBundle = await sealCredentialBundle({ privateKey: apiKeyPrivateKey, targetPublicKey })
 */
export async function sealCredentialBundle({
  privateKey,
  targetPublicKey,
}: SealCredentialBundleParameters): Promise<string> {
  if (privateKey.length !== 32)
    throw new InvalidEncodingError('invalid credential private key', {
      details: `expected 32 bytes, got ${privateKey.length}`,
    })
  const { encappedPublic, ciphertext } = await hpkeSeal({
    plaintext: privateKey,
    recipientPublicKey: targetPublicKey,
  })
  const compressedEncappedPublic = p256.Point.fromBytes(encappedPublic).toBytes(true)
  return base58checkEncode(concatBytes(compressedEncappedPublic, ciphertext))
}
