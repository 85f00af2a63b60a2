import type { SignerClient } from '../client/SignerClient.js'
import { signerStatus } from '../types.js'
import { abortPasskeySession } from './createPasskeySession.js'
import { preparePopupOauth } from './preparePopupOauth.js'
import { revokeSessionKey } from './revokeSessionKey.js'

/**
 * Signs out: ends a passkey sign-in still asking (its prompt closes), then deletes the session's API key on the server (best effort, a few seconds at most,
 * see {@link revokeSessionKey}: a stolen copy of the key stops working now, not at its expiry), then
 * clears the stored and temporary sessions, resets the key holder (a new target key
 * for the next sign-in) and sets the status DISCONNECTED with no user. Other tabs follow through
 * the `storage` event. When popup OAuth was prepared, it is prepared again for the new key
 * before this resolves, so that the next click can open the popup.
 *
 * @example
 * await disconnect(signer)
 */
export async function disconnect(client: SignerClient): Promise<void> {
  abortPasskeySession(client)
  await revokeSessionKey(client)
  client.sessions.clearSession()
  client.current.stamper = client.sessionStamper
  client.store.setState({
    user: undefined,
    status: signerStatus.DISCONNECTED,
    otpId: undefined,
    isNewUser: undefined,
    mfaStatus: { mfaRequired: false },
  })
  await client.sessionStamper.clear()
  // The prepared login is bound to the old key's nonce (and the frame has no key until init).
  if (client.current.oauthConfig || client.config.enablePopupOauth) {
    client.current.oauthConfig = undefined
    await preparePopupOauth(client).catch(() => undefined)
  }
}
