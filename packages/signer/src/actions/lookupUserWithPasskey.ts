import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
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
export async function lookupUserWithPasskey(client: SignerClient, user?: User): Promise<User> {
  client.events.emit('authenticating', { type: 'passkey' })
  client.current.stamper = createWebauthnStamper({
    rpId: client.config.rpId,
    credentialId: user?.credentialId,
  })
  if (user) {
    client.events.emit('connectedPasskey', user)
    return user
  }
  const stampedRequest = await client.stampRequest('query/whoami', {
    organizationId: client.config.rootOrgId,
  })
  const found = await request(client, '/v1/whoami', { stampedRequest })
  if (!found) throw new SignerError('No user found')
  const { credentialId } = JSON.parse(stampedRequest.stamp.stampHeaderValue) as { credentialId?: string }
  const signedIn = { ...found, credentialId }
  client.current.stamper = createWebauthnStamper({ rpId: client.config.rpId, credentialId })
  client.events.emit('connectedPasskey', signedIn)
  return signedIn
}
