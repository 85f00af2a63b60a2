import { p256 } from '@noble/curves/nist.js'
import { InvalidBundleError, verifySignedBundle } from '@sigil/protocol'

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
  const { signed, hexField } = verifySignedBundle({ bundle, signerPublicKey, kind: 'import' })
  if (typeof organizationId !== 'string' || organizationId === '' || signed.organizationId !== organizationId)
    throw invalid('import bundle organization mismatch', 'the bundle was signed for another organization')
  if (typeof userId !== 'string' || userId === '' || signed.userId !== userId)
    throw invalid('import bundle user mismatch', 'the bundle was signed for another user')
  const targetPublic = hexField('targetPublic')
  try {
    p256.Point.fromBytes(targetPublic)
  } catch (cause) {
    throw invalid('malformed import bundle', 'data.targetPublic is not a P-256 public key', cause)
  }
  if (targetPublic.length !== 65)
    throw invalid('malformed import bundle', 'data.targetPublic must be an uncompressed P-256 key')
  return targetPublic
}
