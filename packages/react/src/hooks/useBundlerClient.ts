import { type GetBundlerClientReturnType, getBundlerClient, watchBundlerClient } from '@sigil/core'
import { useCallback, useSyncExternalStore } from 'react'
import { useSigilContext } from '../context/useSigilContext.js'

export type UseBundlerClientReturnType = GetBundlerClientReturnType

/**
 * The active chain's bundler client (docs/account-kit.md#react `useBundlerClient`; core
 * `getBundlerClient` / `watchBundlerClient`): a viem public client with bundler actions through the
 * chain's Sigil gateway. Another chain (`setChain`) gives another client.
 *
 * @example
 * const bundler = useBundlerClient()
 * const receipt = await bundler.getUserOperationReceipt({ hash })
 */
export function useBundlerClient(): UseBundlerClientReturnType {
  const { config } = useSigilContext('useBundlerClient')
  const subscribe = useCallback((onChange: () => void) => watchBundlerClient(config)(onChange), [config])
  const getSnapshot = useCallback(() => getBundlerClient(config), [config])
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
