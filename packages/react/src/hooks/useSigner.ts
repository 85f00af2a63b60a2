import type { Signer } from '@sigil/core'
import { useCallback, useSyncExternalStore } from 'react'
import { useSigilContext } from '../context/useSigilContext.js'

export type UseSignerReturnType = Signer | null

/**
 * The config's signer once the provider has started it on the client (`null` before that and
 * during server rendering), for what the hooks do not cover.
 *
 * @example
 * const signer = useSigner()
 * const account = signer?.toViemAccount()
 */
export function useSigner(): UseSignerReturnType {
  const { config } = useSigilContext('useSigner')
  const subscribe = useCallback(
    (onChange: () => void) => config.store.subscribe((state) => state.signer, onChange),
    [config],
  )
  const getSnapshot = useCallback(() => config.store.getState().signer ?? null, [config])
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
