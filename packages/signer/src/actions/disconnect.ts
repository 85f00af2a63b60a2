import type { Signer } from '../Signer.js'
import { signerStatus } from '../types.js'

/**
 * Signs out: clears the stored and temporary sessions, resets the key holder (a new target key
 * for the next sign-in) and sets the status DISCONNECTED with no user. Other tabs follow through
 * the `storage` event.
 *
 * @example
 * await disconnect(signer)
 */
export async function disconnect(signer: Signer): Promise<void> {
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
}
