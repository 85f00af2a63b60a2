import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, hexToBytes, InvalidBundleError } from '@sigil/protocol'

export type VerifyImportBundleParameters = {
  /** The `importBundle` JSON string the parent injects. */
  bundle: string
  /** The signer key the server wrote into the page (P-256 hex). */
  signerPublicKey: string
  /** The organization the parent imports into: must be the signed one. */
  organizationId: unknown
  /** The user the parent imports for: must be the signed one. */
  userId: unknown
}

function invalid(shortMessage: string, details?: string, cause?: unknown): InvalidBundleError {
  return new InvalidBundleError(shortMessage, { details, cause })
}

function parseObject(json: string, what: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch (cause) {
    throw invalid('malformed import bundle', `${what} is not JSON`, cause)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid('malformed import bundle', `${what} is not a JSON object`)
  return value as Record<string, unknown>
}

function hexField(record: Record<string, unknown>, field: string, what: string): Uint8Array {
  const value = record[field]
  if (typeof value !== 'string') throw invalid('malformed import bundle', `${what}.${field} must be a string`)
  try {
    return hexToBytes(value)
  } catch (cause) {
    throw invalid('malformed import bundle', `${what}.${field} is not hex`, cause)
  }
}

/**
 * Checks an import bundle as the import frame does before it seals anything to it
 * (docs/protocol.md#import-frame): version `v1.0.0`, `enclaveQuorumPublic` equal to the pinned signer
 * key, the DER ECDSA-P256 signature over SHA-256 of `data`, and the signed `organizationId` and
 * `userId` equal to the parent's (both required). Answers the signed `targetPublic`, the key the
 * secret is sealed to, uncompressed. Each failure throws `InvalidBundleError` with its own message.
 *
 * @example
 * const targetPublic = verifyImportBundle({ bundle, signerPublicKey, organizationId, userId })
 */
export function verifyImportBundle({
  bundle,
  signerPublicKey,
  organizationId,
  userId,
}: VerifyImportBundleParameters): Uint8Array {
  if (typeof bundle !== 'string') throw invalid('malformed import bundle', 'the bundle must be a string')
  if (!signerPublicKey) throw new Error('this import page has no signer key configured')
  const pinnedSigner = bytesToHex(p256.Point.fromBytes(hexToBytes(signerPublicKey)).toBytes(false))
  const envelope = parseObject(bundle, 'bundle')
  if (envelope.version !== 'v1.0.0')
    throw invalid(
      'unsupported import bundle version',
      `expected "v1.0.0", got ${JSON.stringify(envelope.version)}`,
    )
  const enclaveQuorumPublic = hexField(envelope, 'enclaveQuorumPublic', 'bundle')
  if (bytesToHex(enclaveQuorumPublic) !== pinnedSigner)
    throw invalid('import bundle signer mismatch', 'enclaveQuorumPublic is not the pinned signer public key')
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
    throw invalid('invalid import bundle signature', 'dataSignature is not a DER ECDSA signature', cause)
  }
  if (!signatureValid) throw invalid('invalid import bundle signature', 'dataSignature does not verify')
  let dataJson: string
  try {
    dataJson = new TextDecoder('utf-8', { fatal: true }).decode(data)
  } catch (cause) {
    throw invalid('malformed import bundle', 'data is not UTF-8', cause)
  }
  const signed = parseObject(dataJson, 'data')
  if (typeof organizationId !== 'string' || organizationId === '' || signed.organizationId !== organizationId)
    throw invalid('import bundle organization mismatch', 'the bundle was signed for another organization')
  if (typeof userId !== 'string' || userId === '' || signed.userId !== userId)
    throw invalid('import bundle user mismatch', 'the bundle was signed for another user')
  const targetPublic = hexField(signed, 'targetPublic', 'data')
  try {
    p256.Point.fromBytes(targetPublic)
  } catch (cause) {
    throw invalid('malformed import bundle', 'data.targetPublic is not a P-256 public key', cause)
  }
  if (targetPublic.length !== 65)
    throw invalid('malformed import bundle', 'data.targetPublic must be an uncompressed P-256 key')
  return targetPublic
}
