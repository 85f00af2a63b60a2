'use client'

import { createContext, useContext } from 'react'
import type { ExampleSettings } from './readExampleSettings'

/** The example's settings, for the client components below `Providers`. */
export const SettingsContext = createContext<ExampleSettings | undefined>(undefined)

/**
 * The settings `Providers` was given.
 *
 * @example
 * const { mailboxUrl } = useSettings()
 */
export function useSettings(): ExampleSettings {
  const settings = useContext(SettingsContext)
  if (!settings) throw new Error('useSettings must be used below <Providers>')
  return settings
}
