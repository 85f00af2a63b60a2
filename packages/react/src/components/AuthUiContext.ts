import { createContext, useContext } from 'react'
import type { ResolvedAuthUiConfig } from './useAuthUiConfig.js'

/** The sign-in UI options in force for the steps of one `AuthCard`. */
export const AuthUiContext = createContext<ResolvedAuthUiConfig>({ sections: [] })

/**
 * The resolved UI options (sections, `addPasskeyOnSignup`, `supportUrl`, …) inside an `AuthCard`.
 *
 * @example
 * const { addPasskeyOnSignup } = useAuthUi()
 */
export function useAuthUi(): ResolvedAuthUiConfig {
  return useContext(AuthUiContext)
}
