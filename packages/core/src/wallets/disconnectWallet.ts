import type { WalletStore } from './createWalletStore.js'
import { setWalletConnection } from './setWalletConnection.js'

/**
 * Forgets the connected external wallet, ending its own session where it has one (WalletConnect).
 * The wallet is forgotten even if ending its session fails; that failure is then thrown.
 *
 * @example
 * await disconnectWallet(wallets)
 */
export async function disconnectWallet(store: WalletStore): Promise<void> {
  const { connection } = store.getState()
  if (!connection) return
  setWalletConnection(store, undefined)
  await connection.connector.disconnect?.()
}
