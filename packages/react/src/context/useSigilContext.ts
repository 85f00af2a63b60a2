import { useContext } from 'react'
import { NoSigilContextError } from './errors/NoSigilContextError.js'
import { SigilContext, type SigilContextValue } from './SigilContext.js'

/**
 * The provider's context for a hook; `NoSigilContextError` names `hookName` when there is none.
 *
 * @example
 * const { config } = useSigilContext('useUser')
 */
export function useSigilContext(hookName: string): SigilContextValue {
  const context = useContext(SigilContext)
  if (!context) throw new NoSigilContextError(hookName)
  return context
}
