import type { WalletConnector, WalletStore } from '@sigil/core'
import { createContext } from 'react'
import type { AuthModalStore } from './createAuthModalStore.js'
import type { SigilReactConfig } from './SigilUiConfig.js'

/** What `<SigilProvider>` gives the hooks: the config and the provider-scoped stores. */
export type SigilContextValue = {
  config: SigilReactConfig
  /** Whether the auth modal is open, and the sign-in UI's step. */
  authModal: AuthModalStore
  /** Announced browser wallets and the connected external wallet. */
  wallets: WalletStore
  /** The WalletConnect connector, when the UI options carry `walletConnect` settings. */
  walletConnect: WalletConnector | undefined
}

/**
 * The context `<SigilProvider>` sets; `undefined` outside it (hooks then throw `NoSigilContextError`).
 *
 * @example
 * const value = useContext(SigilContext)
 */
export const SigilContext = createContext<SigilContextValue | undefined>(undefined)
