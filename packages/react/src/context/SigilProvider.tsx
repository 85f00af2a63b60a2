import {
  addInjectedWallet,
  createExternalWallets,
  hydrate,
  type PersistedState,
  type SigilConfig,
  watchInjectedWallets,
} from '@sigil/core'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect, useMemo, useRef } from 'react'
import { createAuthModalStore } from './createAuthModalStore.js'
import { SigilContext, type SigilContextValue } from './SigilContext.js'
import type { SigilReactConfig } from './SigilUiConfig.js'

export type SigilProviderProps = {
  /** From `createConfig` (`@sigil/react`, with UI options, or `@sigil/core`). */
  config: SigilReactConfig
  /** The app's TanStack Query client; the provider sets `QueryClientProvider` with it. */
  queryClient: QueryClient
  /** Server rendering: `cookieToInitialState(config, cookieHeader)`, so the first render matches the server's. */
  initialState?: PersistedState | undefined
  children?: ReactNode
}

function createContextValue(config: SigilReactConfig): SigilContextValue {
  return { config, authModal: createAuthModalStore(config), ...createExternalWallets(config) }
}

/**
 * Gives Sigil's hooks and sign-in UI their config (docs/account-kit.md#react `AlchemyAccountProvider`). On
 * render it hydrates the store (from `initialState` when given); once mounted it runs `onMount`
 * (reads persisted state with `ssr`, starts the signer, which restores the session) and starts
 * EIP-6963 wallet discovery. It also holds the auth modal's state and sets `QueryClientProvider`.
 *
 * @example
 * const queryClient = new QueryClient()
 * const config = createConfig({ connection: { rpcUrl, apiKey }, chain: base })
 *
 * <SigilProvider config={config} queryClient={queryClient}>
 *   <App />
 * </SigilProvider>
 */
export function SigilProvider({ config, queryClient, initialState, children }: SigilProviderProps) {
  const hydrated = useRef<{ config: SigilConfig; onMount(): Promise<void> } | undefined>(undefined)
  if (hydrated.current?.config !== config) {
    const { onMount } = hydrate(config, initialState)
    hydrated.current = { config, onMount }
  }
  const { onMount } = hydrated.current

  useEffect(() => {
    void onMount()
  }, [onMount])

  const value = useMemo(() => createContextValue(config), [config])
  useEffect(() => watchInjectedWallets(window, (detail) => addInjectedWallet(value.wallets, detail)), [value])

  return (
    <QueryClientProvider client={queryClient}>
      <SigilContext.Provider value={value}>{children}</SigilContext.Provider>
    </QueryClientProvider>
  )
}
