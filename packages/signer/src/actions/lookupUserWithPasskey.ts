import type { SignerClient } from '../client/SignerClient.js'
import { createWebauthnStamper } from '../stampers/createWebauthnStamper.js'
import type { User } from '../types.js'
import { createPasskeySession } from './createPasskeySession.js'

/**
 * Signs in with a passkey: one assertion mints a session key in the key frame
 * (`createPasskeySession`), which stamps everything after it. With `user` (a passkey session stored
 * before passkey sign-ins minted sessions, so it has no bundle) it only switches to the passkey
 * stamper, as it used to. Emits `connectedPasskey`.
 *
 * @example
 * const user = await lookupUserWithPasskey(signer)
 */
export async function lookupUserWithPasskey(client: SignerClient, user?: User): Promise<User> {
  if (!user) return createPasskeySession(client)
  client.events.emit('authenticating', { type: 'passkey' })
  client.current.stamper = createWebauthnStamper({
    rpId: client.config.rpId,
    credentialId: user.credentialId,
  })
  client.events.emit('connectedPasskey', user)
  return user
}
