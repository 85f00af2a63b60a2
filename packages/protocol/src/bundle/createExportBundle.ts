import { p256 } from '@noble/curves/nist.js'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { toP256PrivateKeyBytes } from '../keys/toP256PrivateKeyBytes.js'
import { hpkeSeal } from './hpkeSeal.js'

export type CreateExportBundleParameters = {
  /** Raw private key bytes, or the UTF-8 mnemonic (optionally `\n` + passphrase) for wallets. */
  plaintext: Uint8Array
  /** The client's target public key (P-256, compressed or uncompressed hex). */
  targetPublicKey: string
  /** The organization the export belongs to; clients check it. */
  organizationId: string
  /** The signer key the bundle is signed with (hex or 32 bytes); clients pin its public key. */
  signerPrivateKey: Uint8Array | string
}

/**
 * Builds a `v1.0.0` export bundle: a JSON string
 * `{"version","data","dataSignature","enclaveQuorumPublic"}` where `data` is the hex of the UTF-8
 * JSON `{"organizationId","encappedPublic","ciphertext"}` (hex, enc uncompressed), `dataSignature`
 * the hex DER ECDSA-P256 signature over SHA-256 of those bytes, and `enclaveQuorumPublic` the
 * signer's uncompressed public key hex. Opened by `openExportBundle` and by `@turnkey/crypto`'s
 * `decryptExportBundle` (with `dangerouslyOverrideSignerPublicKey` set to the signer key).
 *
 * @example
 * const exportBundle = await createExportBundle({ plaintext, targetPublicKey, organizationId, signerPrivateKey })
 */
export async function createExportBundle({
  plaintext,
  targetPublicKey,
  organizationId,
  signerPrivateKey,
}: CreateExportBundleParameters): Promise<string> {
  const signerKey = toP256PrivateKeyBytes(signerPrivateKey)
  const { encappedPublic, ciphertext } = await hpkeSeal({ plaintext, recipientPublicKey: targetPublicKey })
  const data = new TextEncoder().encode(
    JSON.stringify({
      organizationId,
      encappedPublic: bytesToHex(encappedPublic),
      ciphertext: bytesToHex(ciphertext),
    }),
  )
  const dataSignature = p256.sign(data, signerKey, { prehash: true, format: 'der' })
  return JSON.stringify({
    version: 'v1.0.0',
    data: bytesToHex(data),
    dataSignature: bytesToHex(dataSignature),
    enclaveQuorumPublic: bytesToHex(p256.getPublicKey(signerKey, false)),
  })
}
