import { base64urlEncode } from '@sigil/protocol'
import type { Stamp } from './Stamper.js'

/** The parts of a WebAuthn assertion a stamp needs (a `PublicKeyCredential` has them). */
export type WebauthnAssertion = {
  id: string
  response: { authenticatorData: ArrayBuffer; clientDataJSON: ArrayBuffer; signature: ArrayBuffer }
}

/**
 * The `X-Stamp-Webauthn` stamp of an assertion: plain JSON (not base64)
 * `{authenticatorData, clientDataJson, credentialId, signature}`, each base64url.
 *
 * @example
 * toWebauthnStamp(await navigator.credentials.get(options) as PublicKeyCredential)
 */
export function toWebauthnStamp(assertion: WebauthnAssertion): Stamp {
  const { response } = assertion
  return {
    stampHeaderName: 'X-Stamp-Webauthn',
    stampHeaderValue: JSON.stringify({
      authenticatorData: base64urlEncode(new Uint8Array(response.authenticatorData)),
      clientDataJson: base64urlEncode(new Uint8Array(response.clientDataJSON)),
      credentialId: assertion.id,
      signature: base64urlEncode(new Uint8Array(response.signature)),
    }),
  }
}
