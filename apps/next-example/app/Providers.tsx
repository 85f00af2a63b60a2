'use client'

import type { PersistedState } from '@sigil/core'
import { createConfig, SigilProvider } from '@sigil/react'
import { QueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import type { ExampleSettings } from './readExampleSettings'
import { SettingsContext } from './SettingsContext'
import { toConfigParameters } from './toConfigParameters'

/**
 * Sigil's provider with a config and query client made once per page (and once per request on the
 * server, so no user's state is shared between requests), starting from the server's `initialState`.
 *
 * @example
 * <Providers settings={settings} initialState={initialState}>{children}</Providers>
 */
export function Providers({
  settings,
  initialState,
  children,
}: {
  settings: ExampleSettings
  initialState: PersistedState | undefined
  children: ReactNode
}) {
  const [config] = useState(() =>
    createConfig(toConfigParameters(settings), { auth: { sections: [[{ type: 'email' }]] } }),
  )
  const [queryClient] = useState(() => new QueryClient())
  return (
    <SigilProvider config={config} queryClient={queryClient} initialState={initialState}>
      <SettingsContext.Provider value={settings}>{children}</SettingsContext.Provider>
    </SigilProvider>
  )
}
