import { p256 } from '@noble/curves/nist.js'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { hexToBytes } from '../encoding/hexToBytes.js'
import { InvalidBundleError } from '../errors/InvalidBundleError.js'
import { toUncompressedP256PublicKey } from '../keys/toUncompressedP256PublicKey.js'

export type VerifySignedBundleParameters = {
  /** The bundle's JSON string (`{version, data, dataSignature, enclaveQuorumPublic}`). */
  bundle: string
  /** The pinned signer public key (P-256 hex, compressed or uncompressed). */
  signerPublicKey: string
  /** Which bundle it is, as error messages name it. */
  kind: 'export' | 'import'
}

export type VerifySignedBundleReturnType = {
  /** The signed `data`, parsed from its JSON. */
  signed: Record<string, unknown>
  /** Reads a hex field of `signed` as bytes, or throws `InvalidBundleError` naming it. */
  hexField(field: string): Uint8Array
}

/**
 * Checks the `v1.0.0` envelope that export and import bundles share (docs/protocol.md, "Export
 * bundle" and "Import bundle"): the version, `enclaveQuorumPublic` equal to the pinned signer key, and
 * the DER ECDSA-P256 signature over SHA-256 of `data`; answers the signed JSON object. Each failure
 * throws `InvalidBundleError` with its own message (`malformed export bundle`, `export bundle signer
 * mismatch`, `invalid import bundle signature`, …).
 *
 * @example
 * const { signed, hexField } = verifySignedBundle({ bundle, signerPublicKey, kind: 'export' })
 */
export function verifySignedBundle({
  bundle,
  signerPublicKey,
  kind,
}: VerifySignedBundleParameters): VerifySignedBundleReturnType {
  const invalid = (shortMessage: string, details?: string, cause?: unknown) =>
    new InvalidBundleError(shortMessage, { details, cause })
  const malformed = `malformed ${kind} bundle`
  const parseObject = (json: string, what: string): Record<string, unknown> => {
    let value: unknown
    try {
      value = JSON.parse(json)
    } catch (cause) {
      throw invalid(malformed, `${what} is not JSON`, cause)
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw invalid(malformed, `${what} is not a JSON object`)
    return value as Record<string, unknown>
  }
  const hexField = (record: Record<string, unknown>, field: string, what: string): Uint8Array => {
    const value = record[field]
    if (typeof value !== 'string') throw invalid(malformed, `${what}.${field} must be a string`)
    try {
      return hexToBytes(value)
    } catch (cause) {
      throw invalid(malformed, `${what}.${field} is not hex`, cause)
    }
  }

  const envelope = parseObject(bundle, 'bundle')
  if (envelope.version !== 'v1.0.0')
    throw invalid(
      `unsupported ${kind} bundle version`,
      `expected "v1.0.0", got ${JSON.stringify(envelope.version)}`,
    )
  const pinnedSigner = bytesToHex(toUncompressedP256PublicKey(signerPublicKey))
  const enclaveQuorumPublic = hexField(envelope, 'enclaveQuorumPublic', 'bundle')
  if (bytesToHex(enclaveQuorumPublic) !== pinnedSigner)
    throw invalid(`${kind} bundle signer mismatch`, 'enclaveQuorumPublic is not the pinned signer public key')
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
    throw invalid(`invalid ${kind} bundle signature`, 'dataSignature is not a DER ECDSA signature', cause)
  }
  if (!signatureValid) throw invalid(`invalid ${kind} bundle signature`, 'dataSignature does not verify')
  let dataJson: string
  try {
    dataJson = new TextDecoder('utf-8', { fatal: true }).decode(data)
  } catch (cause) {
    throw invalid(malformed, 'data is not UTF-8', cause)
  }
  const signed = parseObject(dataJson, 'data')
  return { signed, hexField: (field) => hexField(signed, field, 'data') }
}
