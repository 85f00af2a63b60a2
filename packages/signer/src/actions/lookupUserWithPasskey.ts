import { SignerError } from '../errors/SignerError.js'
import type { Signer } from '../Signer.js'
import { createWebauthnStamper } from '../stampers/createWebauthnStamper.js'
import { request } from '../transport/request.js'
import type { User } from '../types.js'

/**
 * Signs in with a passkey: switches to the WebAuthn stamper and asks `whoami` naming the root
 * organization; the server finds the user from the credential. With `user` (a restored passkey
 * session) it only switches the stamper: the first signature prompts. Emits `connectedPasskey`.
 *
 * @example
 * const user = await lookupUserWithPasskey(signer)
 */
export async function lookupUserWithPasskey(signer: Signer, user?: User): Promise<User> {
  signer.events.emit('authenticating', { type: 'passkey' })
  signer.stamper = createWebauthnStamper({ rpId: signer.config.rpId, credentialId: user?.credentialId })
  if (user) {
    signer.events.emit('connectedPasskey', user)
    return user
  }
  const stampedRequest = await signer.stampRequest('query/whoami', {
    organizationId: signer.config.rootOrgId,
  })
  const found = await request(signer, '/v1/whoami', { stampedRequest })
  if (!found) throw new SignerError('No user found')
  const { credentialId } = JSON.parse(stampedRequest.stamp.stampHeaderValue) as { credentialId?: string }
  const signedIn = { ...found, credentialId }
  signer.stamper = createWebauthnStamper({ rpId: signer.config.rpId, credentialId })
  signer.events.emit('connectedPasskey', signedIn)
  return signedIn
}
