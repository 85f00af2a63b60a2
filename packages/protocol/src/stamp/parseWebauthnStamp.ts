import { base64urlDecode } from '../encoding/base64urlDecode.js'
import { InvalidStampError } from '../errors/InvalidStampError.js'

/** A decoded `X-Stamp-Webauthn` header: the passkey assertion, every field base64url. */
export type WebauthnStamp = {
  authenticatorData: string
  /** Note the spelling: `clientDataJson`, not `clientDataJSON`. */
  clientDataJson: string
  credentialId: string
  signature: string
}

const fields = ['authenticatorData', 'clientDataJson', 'credentialId', 'signature'] as const

/**
 * Decodes an `X-Stamp-Webauthn` header value: plain JSON (not base64)
 * `{"authenticatorData","clientDataJson","credentialId","signature"}`, each a non-empty base64url
 * string. Does not verify the assertion. Throws `InvalidStampError('malformed activity stamp')`.
 *
 * @example
 * const stamp = parseWebauthnStamp(request.headers.get('X-Stamp-Webauthn'))
 * const clientData = JSON.parse(new TextDecoder().decode(base64urlDecode(stamp.clientDataJson)))
 */
export function parseWebauthnStamp(headerValue: string): WebauthnStamp {
  let value: unknown
  try {
    value = JSON.parse(headerValue)
  } catch (cause) {
    throw new InvalidStampError('malformed activity stamp', { details: 'webauthn stamp is not JSON', cause })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidStampError('malformed activity stamp', {
      details: 'webauthn stamp is not a JSON object',
    })
  const record = value as Record<string, unknown>
  const stamp = {} as WebauthnStamp
  for (const field of fields) {
    const text = record[field]
    if (typeof text !== 'string' || text.length === 0)
      throw new InvalidStampError('malformed activity stamp', {
        details: `${field} must be a non-empty string`,
      })
    try {
      base64urlDecode(text)
    } catch (cause) {
      throw new InvalidStampError('malformed activity stamp', { details: `${field} is not base64url`, cause })
    }
    stamp[field] = text
  }
  return stamp
}
