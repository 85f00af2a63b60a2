import { concatBytes } from '@noble/hashes/utils.js'
import { toUncompressedP256PublicKey } from '../keys/toUncompressedP256PublicKey.js'
import { getHpkeSuite } from './getHpkeSuite.js'
import { hpkeInfo } from './hpkeInfo.js'

export type HpkeSealParameters = {
  plaintext: Uint8Array
  /** The recipient's P-256 public key, compressed or uncompressed, hex or bytes. */
  recipientPublicKey: string | Uint8Array
}

export type HpkeSealReturnType = {
  /** The sender's ephemeral public key `enc`, 65-byte uncompressed. */
  encappedPublic: Uint8Array
  /** AES-256-GCM output with the 16-byte tag appended. */
  ciphertext: Uint8Array
}

/**
 * Encrypts one message to a P-256 key with the Turnkey HPKE profile: RFC 9180 mode Base,
 * DHKEM(P-256, HKDF-SHA256) / HKDF-SHA256 / AES-256-GCM, info `turnkey_hpke`, and
 * AAD = enc ‖ pkR (both uncompressed, 130 bytes). Single shot (sequence 0).
 * Throws `InvalidEncodingError` when the recipient key is not a P-256 point.
 *
 * @example
 * const { encappedPublic, ciphertext } = await hpkeSeal({ plaintext, recipientPublicKey: targetPublicKey })
 */
export async function hpkeSeal({
  plaintext,
  recipientPublicKey,
}: HpkeSealParameters): Promise<HpkeSealReturnType> {
  const recipientPublicKeyBytes = toUncompressedP256PublicKey(recipientPublicKey)
  const suite = getHpkeSuite()
  const sender = await suite.createSenderContext({
    recipientPublicKey: await suite.kem.deserializePublicKey(recipientPublicKeyBytes),
    info: new TextEncoder().encode(hpkeInfo),
  })
  const encappedPublic = new Uint8Array(sender.enc)
  const ciphertext = new Uint8Array(
    await sender.seal(plaintext, concatBytes(encappedPublic, recipientPublicKeyBytes)),
  )
  return { encappedPublic, ciphertext }
}
