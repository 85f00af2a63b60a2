import type { PersistedState } from '@sigil/core'
import { QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { SigilProvider } from '../context/SigilProvider.js'
import type { SigilReactConfig } from '../context/SigilUiConfig.js'

/**
 * Test helper: a `wrapper` for Testing Library's `render`/`renderHook` that puts the tree in a
 * `<SigilProvider>` with `config` and a fresh query client (no retries).
 *
 * @example
 * const { result } = renderHook(() => useUser(), { wrapper: createSigilWrapper(config) })
 */
export function createSigilWrapper(
  config: SigilReactConfig,
  { initialState }: { initialState?: PersistedState | undefined } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  return function SigilWrapper({ children }: { children: ReactNode }) {
    return (
      <SigilProvider config={config} queryClient={queryClient} initialState={initialState}>
        {children}
      </SigilProvider>
    )
  }
}
