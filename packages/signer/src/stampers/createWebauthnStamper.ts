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
  /** Ends the prompt (and any prompt still waiting its turn): a sign-in abandoned by a sign-out. */
  signal?: AbortSignal | undefined
}

/**
 * The page's one passkey prompt at a time: a browser refuses a second `navigator.credentials.get`
 * while one is open (so two concurrent requests used to fail both), so every WebAuthn stamp of the
 * page waits for the one before it.
 */
let lastAssertion: Promise<unknown> = Promise.resolve()

/**
 * A stamper that signs with the user's passkey (`X-Stamp-Webauthn`): one
 * `navigator.credentials.get` per request, never two at once in the page. After a passkey sign-in
 * requests are stamped by the session key (docs/security.md#sessions); this stamper serves the
 * sign-in itself and the operations that need the passkey.
 *
 * @example
 * const stamper = createWebauthnStamper({ rpId: 'example.com' })
 * const { stampHeaderValue } = await stamper.stamp(body)
 */
export function createWebauthnStamper(parameters: CreateWebauthnStamperParameters = {}): Stamper {
  const assert = async (body: string) => {
    const credentials = parameters.credentials ?? globalThis.navigator.credentials
    const rpId = parameters.rpId ?? globalThis.location.hostname
    const { signal } = parameters
    signal?.throwIfAborted()
    const options = toWebauthnRequestOptions({ body, rpId, credentialId: parameters.credentialId })
    const assertion = (await credentials.get(
      signal ? { ...options, signal } : options,
    )) as unknown as WebauthnAssertion | null
    if (!assertion) throw new SignerError('No passkey was selected')
    return toWebauthnStamp(assertion)
  }
  return {
    stamp(body) {
      const stamped = lastAssertion.then(
        () => assert(body),
        () => assert(body),
      )
      lastAssertion = stamped.catch(() => undefined)
      return stamped
    },
  }
}
