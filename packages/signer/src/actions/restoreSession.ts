import type { SignerClient } from '../client/SignerClient.js'
import type { Session } from '../session/Session.js'
import { signerStatus, type User } from '../types.js'
import { completeAuthWithBundle } from './completeAuthWithBundle.js'
import { disconnect } from './disconnect.js'
import { lookupUserWithPasskey } from './lookupUserWithPasskey.js'

const connectedEventNames = {
  email: 'connectedEmail',
  otp: 'connectedOtp',
  oauth: 'connectedOauth',
  'custom-jwt': 'connectedJwt',
  passkey: 'connectedPasskey',
} as const

/**
 * Restores the stored session ("on start" in docs/account-kit.md#signer): a session with a bundle
 * (every sign-in, passkeys included) re-injects it into the key holder and asks `whoami`, with no
 * prompt; a passkey session stored without one only switches to the passkey stamper. An
 * expired session is cleared (DISCONNECTED); one that cannot be read or restored logs
 * `Failed to load user from session` and is cleared. No session: DISCONNECTED.
 *
 * @example
 * const user = await restoreSession(signer) // undefined when signed out
 */
export async function restoreSession(client: SignerClient): Promise<User | undefined> {
  let session: Session | undefined
  try {
    session = client.sessions.loadSession()
  } catch (error) {
    return clearUnloadableSession(client, error)
  }
  if (!session || session.expirationDateMs <= Date.now()) {
    if (session || client.getState().user) await disconnect(client)
    else client.store.setState({ status: signerStatus.DISCONNECTED })
    return undefined
  }
  try {
    const user =
      'bundle' in session
        ? await completeAuthWithBundle(client, {
            bundle: session.bundle,
            orgId: session.user.orgId,
            idToken: session.user.idToken,
            connectedEventName: connectedEventNames[session.type],
            authenticatingType: session.type,
            credentialId: session.user.credentialId,
          })
        : await lookupUserWithPasskey(client, session.user)
    client.sessions.watchExpiry(session)
    return user
  } catch (error) {
    return clearUnloadableSession(client, error)
  }
}

/** The spec's answer to a stored session that cannot load: a warning, and the session cleared. */
async function clearUnloadableSession(client: SignerClient, error: unknown): Promise<undefined> {
  // biome-ignore lint/suspicious/noConsole: the spec's warning when a stored session cannot load
  console.warn('Failed to load user from session', error)
  await disconnect(client)
  return undefined
}
