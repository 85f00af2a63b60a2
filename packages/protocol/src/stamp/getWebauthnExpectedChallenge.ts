import { base64urlEncode } from '../encoding/base64urlEncode.js'
import { getWebauthnChallenge } from './getWebauthnChallenge.js'

/**
 * The `challenge` a verifier expects in `clientDataJSON` for a body: base64url (no padding) of the
 * UTF-8 bytes of `getWebauthnChallenge(body)`, 86 characters.
 *
 * @example
 * const clientData = JSON.parse(new TextDecoder().decode(base64urlDecode(stamp.clientDataJson)))
 * if (clientData.challenge !== getWebauthnExpectedChallenge(rawBody)) throw new Error('challenge mismatch')
 */
export function getWebauthnExpectedChallenge(body: string | Uint8Array): string {
  return base64urlEncode(getWebauthnChallenge(body))
}
