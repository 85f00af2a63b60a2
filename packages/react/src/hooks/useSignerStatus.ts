import { getSignerStatus, type SignerStatusState, watchSignerStatus } from '@sigil/core'
import { useCallback, useSyncExternalStore } from 'react'
import { useSigilContext } from '../context/useSigilContext.js'

export type UseSignerStatusReturnType = SignerStatusState

/**
 * The signer status (`getSignerStatus` / `watchSignerStatus`): `status`, `error` and the flags
 * `isInitializing`, `isAuthenticating`, `isConnected`, `isDisconnected`. The object is the store's
 * and stays the same until the status changes.
 *
 * @example
 * const { isConnected, isAuthenticating, status } = useSignerStatus()
 */
export function useSignerStatus(): UseSignerStatusReturnType {
  const { config } = useSigilContext('useSignerStatus')
  const subscribe = useCallback((onChange: () => void) => watchSignerStatus(config)(onChange), [config])
  const getSnapshot = useCallback(() => getSignerStatus(config), [config])
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
