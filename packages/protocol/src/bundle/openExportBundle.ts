import { InvalidBundleError } from '../errors/InvalidBundleError.js'
import { hpkeOpen } from './hpkeOpen.js'
import { verifySignedBundle } from './verifySignedBundle.js'

export type OpenExportBundleParameters = {
  /** The `exportBundle` JSON string. */
  bundle: string
  /** The target key the bundle was sealed to: hex, 32 bytes, or a WebCrypto ECDH key pair. */
  recipientPrivateKey: Uint8Array | string | CryptoKeyPair
  /** The organization the client expects the export to belong to. */
  organizationId: string
  /** The pinned signer public key (P-256 hex, compressed or uncompressed). */
  signerPublicKey: string
}

/**
 * Verifies and decrypts a `v1.0.0` export bundle, as a client does: checks the version, that
 * `enclaveQuorumPublic` is the pinned signer key, the signature over `data`, and the organization,
 * then HPKE-opens the ciphertext. Each failure throws `InvalidBundleError` with its own message.
 *
 * @example
 * const privateKey = await openExportBundle({ bundle: exportBundle, recipientPrivateKey, organizationId, signerPublicKey })
 */
export async function openExportBundle({
  bundle,
  recipientPrivateKey,
  organizationId,
  signerPublicKey,
}: OpenExportBundleParameters): Promise<Uint8Array> {
  const { signed, hexField } = verifySignedBundle({ bundle, signerPublicKey, kind: 'export' })
  if (signed.organizationId !== organizationId)
    throw new InvalidBundleError('export bundle organization mismatch', {
      details: 'the bundle was signed for another organization',
    })
  return hpkeOpen({
    encappedPublic: hexField('encappedPublic'),
    ciphertext: hexField('ciphertext'),
    recipientPrivateKey,
  })
}
