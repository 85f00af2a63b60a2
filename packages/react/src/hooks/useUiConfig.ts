import type { SigilUiConfig } from '../context/SigilUiConfig.js'
import { useSigilContext } from '../context/useSigilContext.js'

/**
 * The UI options of the config (`createConfig(parameters, ui)` of `@sigil/react`), or `undefined`
 * for a config without them.
 *
 * @example
 * const sections = useUiConfig()?.auth?.sections ?? defaultAuthSections
 */
export function useUiConfig(): SigilUiConfig | undefined {
  return useSigilContext('useUiConfig').config.ui
}
