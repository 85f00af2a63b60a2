import { createStore, type Store } from '../store/createStore.js'
import type { WalletConnection, WalletConnector, WalletProviderDetail } from './WalletProvider.js'

export type WalletState = {
  /** The announced browser wallets (EIP-6963), in announcement order; a new array on each change. */
  injected: readonly WalletConnector[]
  /** The connected external wallet, if any. */
  connection: WalletConnection | undefined
}

export type WalletStore = Store<WalletState>

/**
 * The provider's external-wallet store: announced wallets and the connected one.
 *
 * @example
 * const wallets = createWalletStore()
 * watchInjectedWallets(window, (detail) => addInjectedWallet(wallets, detail))
 */
export function createWalletStore(): WalletStore {
  return createStore<WalletState>({ injected: [], connection: undefined })
}

/**
 * Adds an EIP-6963 announcement as a connector (id: its rdns, else its uuid). A wallet announced
 * again (same uuid) is kept as it is; a new uuid for a known rdns (the extension reloaded)
 * replaces the old entry.
 *
 * @example
 * addInjectedWallet(wallets, event.detail)
 */
export function addInjectedWallet(store: WalletStore, { info, provider }: WalletProviderDetail): void {
  const id = info.rdns || info.uuid
  store.setState(({ injected }) => {
    const known = injected.find((connector) => connector.id === id)
    if (known && (known as { uuid?: string }).uuid === info.uuid) return {}
    const connector: WalletConnector & { uuid: string } = {
      id,
      uuid: info.uuid,
      name: info.name,
      icon: info.icon || undefined,
      type: 'injected',
      getProvider: async () => provider,
    }
    return { injected: [...injected.filter((other) => other.id !== id), connector] }
  })
}
