import { signerStatus } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { smartAccountClientCache } from '../smartAccounts/smartAccountClientCache.js'
import { createEmptyAccounts } from '../store/createEmptyAccounts.js'
import { toSignerStatusState } from '../store/toSignerStatusState.js'

/**
 * Signs out (docs/account-kit.md#core): the signer clears its session and key holder, and the store becomes
 * DISCONNECTED with no user and empty per-chain accounts; the smart-account clients built for the user
 * are dropped (signed in again, `getSmartAccountClient` builds them anew). Other tabs follow through the
 * signer's session sync. Without a signer (the server) only the store is reset.
 *
 * @example
 * await disconnect(config)
 */
export async function disconnect(config: SigilConfig): Promise<void> {
  const { signer } = config.store.getState()
  if (signer) await signer.disconnect()
  smartAccountClientCache(config).clear()
  config.store.setState((state) => ({
    user: undefined,
    accounts: createEmptyAccounts(state.connections),
    signerStatus: toSignerStatusState(signerStatus.DISCONNECTED, state.signerStatus.error),
  }))
}
