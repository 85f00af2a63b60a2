import { useCallback, useSyncExternalStore } from 'react'
import { useSigilContext } from '../context/useSigilContext.js'

export type UseAuthErrorReturnType = Error | undefined

/**
 * The error of the sign-in UI's current step (docs/account-kit.md#react `useAuthError`): what the last
 * sign-in attempt of `AuthCard` / `AuthModal` failed with, until the step moves on; `undefined` otherwise.
 *
 * @example
 * const error = useAuthError()
 * if (error) toast(error.message)
 */
export function useAuthError(): UseAuthErrorReturnType {
  const { authModal } = useSigilContext('useAuthError')
  const getError = useCallback(() => {
    const { authStep } = authModal.getState()
    return 'error' in authStep ? authStep.error : undefined
  }, [authModal])
  return useSyncExternalStore(authModal.subscribe, getError, getError)
}
