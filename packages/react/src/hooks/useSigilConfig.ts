import type { SigilReactConfig } from '../context/SigilUiConfig.js'
import { useSigilContext } from '../context/useSigilContext.js'

/**
 * The config given to `<SigilProvider>`, for calling `@sigil/core` actions directly.
 * Throws `NoSigilContextError` outside the provider.
 *
 * @example
 * const config = useSigilConfig()
 * const chain = getChain(config)
 */
export function useSigilConfig(): SigilReactConfig {
  return useSigilContext('useSigilConfig').config
}
