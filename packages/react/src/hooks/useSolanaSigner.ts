import { getSolanaSigner, type SolanaSigner } from '@sigil/core'
import { useCallback, useSyncExternalStore } from 'react'
import { useSigilContext } from '../context/useSigilContext.js'

export type UseSolanaSignerReturnType = SolanaSigner | undefined

/**
 * The signed-in user's Solana wallet as a signer for `@solana/kit` transactions and messages (core
 * `getSolanaSigner`); `undefined` until the signer is connected with a user that has a Solana
 * address, and while an external wallet is connected (`useConnect`).
 *
 * @example
 * const solana = useSolanaSigner()
 * const signature = await solana?.signMessage(new TextEncoder().encode('hello'))
 */
export function useSolanaSigner(): UseSolanaSignerReturnType {
  const { config, wallets } = useSigilContext('useSolanaSigner')
  const subscribe = useCallback(
    (onChange: () => void) => {
      const unsubscribeStore = config.store.subscribe(onChange)
      const unsubscribeWallets = wallets.subscribe(onChange)
      return () => {
        unsubscribeStore()
        unsubscribeWallets()
      }
    },
    [config, wallets],
  )
  const getSnapshot = useCallback(
    () => getSolanaSigner(config, { wallet: wallets.getState().connection }),
    [config, wallets],
  )
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
