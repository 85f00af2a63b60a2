import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import type { AuthenticatingType, User } from '../types.js'
import { whoami } from './whoami.js'

export type CompleteAuthWithBundleParameters = {
  bundle: string
  orgId: string
  connectedEventName:
    | 'connectedEmail'
    | 'connectedOtp'
    | 'connectedOauth'
    | 'connectedPasskey'
    | 'connectedJwt'
  authenticatingType: AuthenticatingType
  idToken?: string | undefined
  /** The passkey that minted the session (a passkey sign-in): kept on the user. */
  credentialId?: string | undefined
}

/**
 * Finishes a login that produced a credential bundle: emits `authenticating`, injects the bundle
 * into the key holder (`Failed to inject credential bundle` when it refuses), asks `whoami`, then
 * emits the connected event, which stores the session and sets the status CONNECTED.
 *
 * @example
 * const user = await completeAuthWithBundle(signer, { bundle, orgId, connectedEventName: 'connectedEmail', authenticatingType: 'email' })
 */
export async function completeAuthWithBundle(
  client: SignerClient,
  parameters: CompleteAuthWithBundleParameters,
): Promise<User> {
  client.events.emit('authenticating', { type: parameters.authenticatingType })
  await client.sessionStamper.init()
  const injected = await client.sessionStamper.injectCredentialBundle(parameters.bundle)
  if (!injected) throw new SignerError('Failed to inject credential bundle')
  client.current.stamper = client.sessionStamper
  const found = await whoami(client, { orgId: parameters.orgId, idToken: parameters.idToken })
  const user = parameters.credentialId ? { ...found, credentialId: parameters.credentialId } : found
  client.events.emit(parameters.connectedEventName, user, parameters.bundle)
  return user
}
