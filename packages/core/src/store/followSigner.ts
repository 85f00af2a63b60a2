import { type Signer, signerStatus } from '@sigil/signer'
import type { CoreStore } from './createCoreStore.js'
import { createEmptyAccounts } from './createEmptyAccounts.js'
import { toSignerStatusState } from './toSignerStatusState.js'

/**
 * Keeps the store in step with a signer's events (docs/account-kit.md#core "listeners once a signer is
 * set"): `statusChanged` sets the signer status, and with CONNECTED the user, with DISCONNECTED
 * no user and empty per-chain accounts, in one update; `errorChanged` does the same (the
 * status's error); `connected` sets the user. Other tabs reach the store through the signer, whose session manager
 * follows the stored session. Returns the function that stops following.
 *
 * @example
 * const stop = followSigner(config.store, signer)
 */
export function followSigner(store: CoreStore, signer: Signer): () => void {
  const sync = () => {
    const { status, error, user } = signer.getState()
    // `signer.on` reports the current status at once: a signer still starting keeps the restored state.
    if (status === signerStatus.INITIALIZING) return
    store.setState((state) => ({
      signerStatus: toSignerStatusState(status, error),
      ...(status === signerStatus.CONNECTED && user ? { user } : {}),
      ...(status === signerStatus.DISCONNECTED
        ? { user: undefined, accounts: createEmptyAccounts(state.connections) }
        : {}),
    }))
  }
  const stops = [
    signer.on('statusChanged', sync),
    signer.on('connected', (user) => store.setState({ user })),
    signer.on('errorChanged', sync),
  ]
  // A signer that already left INITIALIZING (a redirect return handled at once) is read now; one
  // still starting keeps the restored state until its first status change.
  if (signer.status !== signerStatus.INITIALIZING) sync()
  return () => {
    for (const stop of stops) stop()
  }
}
