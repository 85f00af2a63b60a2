import { p256 } from '@noble/curves/nist.js'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { hexToBytes } from '../encoding/hexToBytes.js'
import { InvalidBundleError } from '../errors/InvalidBundleError.js'
import { toUncompressedP256PublicKey } from '../keys/toUncompressedP256PublicKey.js'
import { hpkeOpen } from './hpkeOpen.js'

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

function invalid(shortMessage: string, details?: string, cause?: unknown): InvalidBundleError {
  return new InvalidBundleError(shortMessage, { details, cause })
}

function parseObject(json: string, what: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch (cause) {
    throw invalid('malformed export bundle', `${what} is not JSON`, cause)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid('malformed export bundle', `${what} is not a JSON object`)
  return value as Record<string, unknown>
}

function hexField(record: Record<string, unknown>, field: string, what: string): Uint8Array {
  const value = record[field]
  if (typeof value !== 'string') throw invalid('malformed export bundle', `${what}.${field} must be a string`)
  try {
    return hexToBytes(value)
  } catch (cause) {
    throw invalid('malformed export bundle', `${what}.${field} is not hex`, cause)
  }
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
  const envelope = parseObject(bundle, 'bundle')
  if (envelope.version !== 'v1.0.0')
    throw invalid(
      'unsupported export bundle version',
      `expected "v1.0.0", got ${JSON.stringify(envelope.version)}`,
    )
  const pinnedSigner = bytesToHex(toUncompressedP256PublicKey(signerPublicKey))
  const enclaveQuorumPublic = hexField(envelope, 'enclaveQuorumPublic', 'bundle')
  if (bytesToHex(enclaveQuorumPublic) !== pinnedSigner)
    throw invalid('export bundle signer mismatch', 'enclaveQuorumPublic is not the pinned signer public key')
  const data = hexField(envelope, 'data', 'bundle')
  const dataSignature = hexField(envelope, 'dataSignature', 'bundle')
  let signatureValid: boolean
  try {
    signatureValid = p256.verify(dataSignature, data, enclaveQuorumPublic, {
      prehash: true,
      lowS: false,
      format: 'der',
    })
  } catch (cause) {
    throw invalid('invalid export bundle signature', 'dataSignature is not a DER ECDSA signature', cause)
  }
  if (!signatureValid) throw invalid('invalid export bundle signature', 'dataSignature does not verify')
  let dataJson: string
  try {
    dataJson = new TextDecoder('utf-8', { fatal: true }).decode(data)
  } catch (cause) {
    throw invalid('malformed export bundle', 'data is not UTF-8', cause)
  }
  const signed = parseObject(dataJson, 'data')
  if (signed.organizationId !== organizationId)
    throw invalid('export bundle organization mismatch', 'the bundle was signed for another organization')
  return hpkeOpen({
    encappedPublic: hexField(signed, 'encappedPublic', 'data'),
    ciphertext: hexField(signed, 'ciphertext', 'data'),
    recipientPrivateKey,
  })
}
