import { getUser, toExternalWalletUser, type User, watchUser } from '@sigil/core'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { useSigilContext } from '../context/useSigilContext.js'

export type UseUserReturnType = (User & { type: 'eoa' | 'sca' }) | null

/**
 * The signed-in user (`getUser` / `watchUser`) with `type: 'sca'`, or, while an external wallet is
 * connected (`useConnect`), `{address, orgId: address, userId: address, type: 'eoa'}`; `null` when
 * nobody is signed in. The object stays the same until the user changes.
 *
 * @example
 * const user = useUser()
 * if (user) show(user.address)
 */
export function useUser(): UseUserReturnType {
  const { config, wallets } = useSigilContext('useUser')
  const subscribe = useCallback((onChange: () => void) => watchUser(config)(onChange), [config])
  const getSnapshot = useCallback(() => getUser(config), [config])
  const user = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  const getWalletAddress = useCallback(() => wallets.getState().connection?.address, [wallets])
  const walletAddress = useSyncExternalStore(wallets.subscribe, getWalletAddress, getWalletAddress)
  return useMemo(() => {
    if (walletAddress) return toExternalWalletUser(walletAddress)
    return user ? { ...user, type: 'sca' as const } : null
  }, [user, walletAddress])
}
