import type { SignerClient } from '../client/SignerClient.js'
import { signerStatus } from '../types.js'
import type { SignerEvents } from './SignerEvents.js'

/**
 * `signer.on(event, listener)` (docs/account-kit.md#signer "Events"): listens to `event` and, as Account
 * Kit's signer does, reports the current value at once for the events that follow the state:
 * `statusChanged` (the status), `errorChanged` (the error, or `undefined`), `mfaStatusChanged` (the MFA
 * status), `connected` (the user, when CONNECTED now), `disconnected` (when DISCONNECTED now) and
 * `newUserSignup` (when the user was just created). The other events report only what happens later.
 * Returns the function that removes the listener.
 *
 * @example
 * const off = onSignerEvent(client, 'statusChanged', (status) => render(status)) // renders the status now
 */
export function onSignerEvent<TName extends keyof SignerEvents>(
  client: Pick<SignerClient, 'events' | 'store'>,
  event: TName,
  listener: SignerEvents[TName],
): () => void {
  const off = client.events.on(event, listener)
  const state = client.store.getState()
  const report = (...args: unknown[]) => {
    try {
      ;(listener as (...args: unknown[]) => void)(...args)
    } catch (error) {
      // As for a later event: a listener that throws does not break the caller.
      queueMicrotask(() => {
        throw error
      })
    }
  }
  if (event === 'statusChanged') report(state.status)
  else if (event === 'errorChanged') report(state.error)
  else if (event === 'mfaStatusChanged') report(state.mfaStatus)
  else if (event === 'connected' && state.status === signerStatus.CONNECTED && state.user) report(state.user)
  else if (event === 'disconnected' && state.status === signerStatus.DISCONNECTED) report()
  else if (event === 'newUserSignup' && state.isNewUser) report()
  return off
}
