import { p256 } from '@noble/curves/nist.js'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { toP256PrivateKeyBytes } from '../keys/toP256PrivateKeyBytes.js'
import { toUncompressedP256PublicKey } from '../keys/toUncompressedP256PublicKey.js'

export type CreateImportBundleParameters = {
  /** The organization the import is for; clients check it. */
  organizationId: string
  /** The user the import is for; clients check it. */
  userId: string
  /** The server's fresh import target key (P-256, compressed or uncompressed, hex or bytes). */
  targetPublicKey: string | Uint8Array
  /** The signer key the bundle is signed with (hex or 32 bytes); clients pin its public key. */
  signerPrivateKey: Uint8Array | string
}

/**
 * Builds a `v1.0.0` import bundle (docs/protocol.md#importing-wallets-and-keys): the export bundle's
 * envelope `{"version","data","dataSignature","enclaveQuorumPublic"}` where `data` is the hex of the
 * UTF-8 JSON `{"organizationId","userId","targetPublic"}` (`targetPublic` uncompressed hex),
 * `dataSignature` the hex DER ECDSA-P256 signature over SHA-256 of those bytes, and
 * `enclaveQuorumPublic` the signer's uncompressed public key hex. `@turnkey/crypto`'s
 * `encryptWalletToBundle` and `encryptPrivateKeyToBundle` verify it (with
 * `dangerouslyOverrideSignerPublicKey` set to the signer key) and seal to `targetPublic`.
 *
 * @example
 * const importBundle = createImportBundle({ organizationId, userId, targetPublicKey, signerPrivateKey })
 */
export function createImportBundle({
  organizationId,
  userId,
  targetPublicKey,
  signerPrivateKey,
}: CreateImportBundleParameters): string {
  const signerKey = toP256PrivateKeyBytes(signerPrivateKey)
  const data = new TextEncoder().encode(
    JSON.stringify({
      organizationId,
      userId,
      targetPublic: bytesToHex(toUncompressedP256PublicKey(targetPublicKey)),
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
