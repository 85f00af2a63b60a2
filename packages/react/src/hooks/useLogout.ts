import { disconnect, disconnectWallet } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useSigilContext } from '../context/useSigilContext.js'
import type { MutationParameters } from './MutationParameters.js'

export type UseLogoutParameters = MutationParameters<void, void>

export type UseLogoutReturnType = {
  logout: () => void
  logoutAsync: () => Promise<void>
  isLoggingOut: boolean
  error: Error | null
}

/**
 * Signs out (docs/account-kit.md#react): forgets a connected external wallet, runs core `disconnect` (the
 * session is cleared, the status becomes DISCONNECTED, the user `null`), then puts the sign-in UI
 * back at its first step.
 *
 * @example
 * const { logout, isLoggingOut } = useLogout()
 * <button onClick={() => logout()} disabled={isLoggingOut}>Sign out</button>
 */
export function useLogout(parameters: UseLogoutParameters = {}): UseLogoutReturnType {
  const { config, wallets, authModal } = useSigilContext('useLogout')
  const { mutate, mutateAsync, isPending, error } = useMutation({
    ...parameters,
    mutationKey: ['logout'],
    mutationFn: async () => {
      try {
        await disconnectWallet(wallets)
      } finally {
        await disconnect(config)
        authModal.setState({ authStep: { type: 'initial' } })
      }
    },
  })
  return { logout: () => mutate(), logoutAsync: () => mutateAsync(), isLoggingOut: isPending, error }
}
