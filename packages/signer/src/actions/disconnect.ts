import type { Signer } from '../Signer.js'
import { signerStatus } from '../types.js'
import { preparePopupOauth } from './preparePopupOauth.js'
import { revokeSessionKey } from './revokeSessionKey.js'

/**
 * Signs out: first deletes the session's API key on the server (best effort, a few seconds at most,
 * see {@link revokeSessionKey}: a stolen copy of the key stops working now, not at its expiry), then
 * clears the stored and temporary sessions, resets the key holder (a new target key
 * for the next sign-in) and sets the status DISCONNECTED with no user. Other tabs follow through
 * the `storage` event. When popup OAuth was prepared, it is prepared again for the new key
 * before this resolves, so that the next click can open the popup.
 *
 * @example
 * await disconnect(signer)
 */
export async function disconnect(signer: Signer): Promise<void> {
  await revokeSessionKey(signer)
  signer.sessions.clearSession()
  signer.stamper = signer.sessionStamper
  signer.store.setState({
    user: undefined,
    status: signerStatus.DISCONNECTED,
    otpId: undefined,
    isNewUser: undefined,
    mfaStatus: { mfaRequired: false },
  })
  await signer.sessionStamper.clear()
  // The prepared login is bound to the old key's nonce (and the frame has no key until init).
  if (signer.oauthConfig || signer.config.enablePopupOauth) {
    signer.oauthConfig = undefined
    await preparePopupOauth(signer).catch(() => undefined)
  }
}
