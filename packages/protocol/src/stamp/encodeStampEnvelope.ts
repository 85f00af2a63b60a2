import { base64urlEncode } from '../encoding/base64urlEncode.js'
import type { ApiKeyStamp } from './parseApiKeyStamp.js'

/**
 * The `X-Stamp` header value: unpadded base64url of the JSON `{"publicKey","scheme","signature"}`,
 * keys in that order (docs/protocol.md#stamps). `parseApiKeyStamp` reads it back.
 *
 * @example
 * encodeStampEnvelope({ publicKey: '02cc…', scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: '3045…' })
 * // 'eyJwdWJsaWNLZXkiOiIwMmNj…'
 */
export function encodeStampEnvelope({ publicKey, scheme, signature }: ApiKeyStamp): string {
  return base64urlEncode(JSON.stringify({ publicKey, scheme, signature }))
}
