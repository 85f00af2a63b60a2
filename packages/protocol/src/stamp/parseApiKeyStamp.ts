import { base64urlDecode } from '../encoding/base64urlDecode.js'
import { InvalidStampError } from '../errors/InvalidStampError.js'

export type ApiKeyStampScheme =
  | 'SIGNATURE_SCHEME_TK_API_P256'
  | 'SIGNATURE_SCHEME_TK_API_SECP256K1'
  | 'SIGNATURE_SCHEME_TK_API_ED25519'

/** A decoded `X-Stamp` header. `publicKey` and `signature` are lowercase hex. */
export type ApiKeyStamp = { publicKey: string; scheme: ApiKeyStampScheme; signature: string }

/** Public key length in bytes, and signature length when it is fixed (DER signatures vary). */
const schemeFormats: Record<ApiKeyStampScheme, { publicKeyBytes: number; signatureBytes?: number }> = {
  SIGNATURE_SCHEME_TK_API_P256: { publicKeyBytes: 33 },
  SIGNATURE_SCHEME_TK_API_SECP256K1: { publicKeyBytes: 33 },
  SIGNATURE_SCHEME_TK_API_ED25519: { publicKeyBytes: 32, signatureBytes: 64 },
}

const hexPattern = /^(?:[0-9a-fA-F]{2})+$/
/** A DER `SEQUENCE{INTEGER r, INTEGER s}` for a 256-bit curve is 8 to 72 bytes. */
const derSignatureBytes = { min: 8, max: 72 }

function malformed(details: string, cause?: unknown): InvalidStampError {
  return new InvalidStampError('malformed activity stamp', { details, cause })
}

/**
 * Decodes an `X-Stamp` header value: base64url (padding tolerated) of the JSON
 * `{"publicKey","scheme","signature"}`, in any field order. Checks the scheme, that both values are
 * hex, and the key (and Ed25519 signature) length; it does not verify the signature (see
 * `verifyApiKeyStamp`). Throws `InvalidStampError('malformed activity stamp')` with `details`.
 *
 * @example
 * const stamp = parseApiKeyStamp(request.headers.get('X-Stamp'))
 * // { publicKey: '02…', scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: '3045…' }
 */
export function parseApiKeyStamp(headerValue: string): ApiKeyStamp {
  let json: string
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(base64urlDecode(headerValue.trim()))
  } catch (cause) {
    throw malformed('stamp is not base64url of UTF-8 text', cause)
  }
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch (cause) {
    throw malformed('stamp is not JSON', cause)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw malformed('stamp is not a JSON object')
  const { publicKey, scheme, signature } = value as Record<string, unknown>
  if (typeof publicKey !== 'string') throw malformed('publicKey must be a string')
  if (typeof scheme !== 'string') throw malformed('scheme must be a string')
  if (typeof signature !== 'string') throw malformed('signature must be a string')
  if (!Object.hasOwn(schemeFormats, scheme)) throw malformed('unsupported signature scheme')
  const format = schemeFormats[scheme as ApiKeyStampScheme]
  if (!hexPattern.test(publicKey)) throw malformed('publicKey is not hex')
  if (publicKey.length !== format.publicKeyBytes * 2)
    throw malformed(`publicKey must be ${format.publicKeyBytes} bytes, got ${publicKey.length / 2}`)
  if (format.publicKeyBytes === 33 && !/^0[23]/.test(publicKey))
    throw malformed('publicKey must be a compressed point (prefix 02 or 03)')
  if (!hexPattern.test(signature)) throw malformed('signature is not hex')
  const signatureBytes = signature.length / 2
  if (format.signatureBytes !== undefined && signatureBytes !== format.signatureBytes)
    throw malformed(`signature must be ${format.signatureBytes} bytes, got ${signatureBytes}`)
  if (
    format.signatureBytes === undefined &&
    (signatureBytes < derSignatureBytes.min || signatureBytes > derSignatureBytes.max)
  )
    throw malformed(`DER signature length ${signatureBytes} is out of range`)
  return {
    publicKey: publicKey.toLowerCase(),
    scheme: scheme as ApiKeyStampScheme,
    signature: signature.toLowerCase(),
  }
}
