import type { SignerClient } from '../client/SignerClient.js'
import { signerStatus } from '../types.js'
import { disconnect } from './disconnect.js'
import { restoreSession } from './restoreSession.js'

/** A sign-in is running in this tab: its own result will settle the state. */
const busyStatuses = new Set<string>([
  signerStatus.INITIALIZING,
  signerStatus.AUTHENTICATING_EMAIL,
  signerStatus.AUTHENTICATING_OAUTH,
  signerStatus.AUTHENTICATING_PASSKEY,
  signerStatus.AWAITING_OTP_AUTH,
])

/**
 * Re-reads the stored session on window focus or a `storage` event (another tab): if it expired,
 * was removed (signed out elsewhere) or names another user (signed in elsewhere), the signer
 * follows; otherwise nothing happens.
 *
 * @example
 * window.addEventListener('focus', () => void recheckSession(signer))
 */
export async function recheckSession(client: SignerClient): Promise<void> {
  const stored = client.sessions.getSession()
  const { user, status } = client.getState()
  if (busyStatuses.has(status)) return
  if (!stored) {
    if (user) await disconnect(client)
    return
  }
  const expired = stored.expirationDateMs <= Date.now()
  const changed = stored.user.orgId !== user?.orgId || stored.user.userId !== user?.userId
  if (expired) await disconnect(client)
  else if (changed) await restoreSession(client)
}
