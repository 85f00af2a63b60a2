import { useUiConfig } from '../hooks/useUiConfig.js'
import { type AuthUiConfig, defaultAuthSections } from './AuthUiConfig.js'

/** The UI options in force: the component's props over the config's `ui.auth` (and `ui.supportUrl`). */
export type ResolvedAuthUiConfig = AuthUiConfig & { sections: NonNullable<AuthUiConfig['sections']> }

/**
 * Merges the sign-in UI's options: props given to `AuthCard`/`AuthModal` win over the config's UI
 * options; sections default to an email field and a passkey button.
 *
 * @example
 * const { sections, addPasskeyOnSignup } = useAuthUiConfig(props)
 */
export function useAuthUiConfig(overrides: AuthUiConfig = {}): ResolvedAuthUiConfig {
  const ui = useUiConfig()
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined))
  const merged: AuthUiConfig = { supportUrl: ui?.supportUrl, ...ui?.auth, ...defined }
  return { ...merged, sections: merged.sections ?? defaultAuthSections }
}
