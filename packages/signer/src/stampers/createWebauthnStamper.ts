import { SignerError } from '../errors/SignerError.js'
import type { Stamper } from './Stamper.js'
import { toWebauthnRequestOptions } from './toWebauthnRequestOptions.js'
import { toWebauthnStamp, type WebauthnAssertion } from './toWebauthnStamp.js'

export type CreateWebauthnStamperParameters = {
  /** The relying party id; default the page's hostname. */
  rpId?: string | undefined
  /** The user's credential id (base64url), when known. */
  credentialId?: string | undefined
  /** Default `navigator.credentials`. */
  credentials?: Pick<CredentialsContainer, 'get'> | undefined
}

/**
 * A stamper that signs with the user's passkey (`X-Stamp-Webauthn`): one
 * `navigator.credentials.get` per request.
 *
 * @example
 * const stamper = createWebauthnStamper({ rpId: 'example.com' })
 * const { stampHeaderValue } = await stamper.stamp(body)
 */
export function createWebauthnStamper(parameters: CreateWebauthnStamperParameters = {}): Stamper {
  return {
    async stamp(body) {
      const credentials = parameters.credentials ?? globalThis.navigator.credentials
      const rpId = parameters.rpId ?? globalThis.location.hostname
      const options = toWebauthnRequestOptions({ body, rpId, credentialId: parameters.credentialId })
      const assertion = (await credentials.get(options)) as unknown as WebauthnAssertion | null
      if (!assertion) throw new SignerError('No passkey assertion was returned')
      return toWebauthnStamp(assertion)
    },
  }
}
