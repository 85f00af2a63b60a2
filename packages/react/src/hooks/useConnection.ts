import { type Connection, getConnection, watchConnection } from '@sigil/core'
import { useCallback, useSyncExternalStore } from 'react'
import { useSigilContext } from '../context/useSigilContext.js'

export type UseConnectionReturnType = Connection

/**
 * The active chain's connection (docs/account-kit.md#react `useConnection`; core `getConnection` /
 * `watchConnection`): its chain, RPC URL or transport, and gas policy. Follows `setChain`.
 *
 * @example
 * const { chain, policyId } = useConnection()
 */
export function useConnection(): UseConnectionReturnType {
  const { config } = useSigilContext('useConnection')
  const subscribe = useCallback((onChange: () => void) => watchConnection(config)(onChange), [config])
  const getSnapshot = useCallback(() => getConnection(config), [config])
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
