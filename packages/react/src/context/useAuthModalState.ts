import { useMemo, useSyncExternalStore } from 'react'
import type { AuthStep } from '../components/AuthStep.js'
import type { AuthModalState } from './createAuthModalStore.js'
import { useSigilContext } from './useSigilContext.js'

export type UseAuthModalStateReturnType = AuthModalState & {
  setAuthStep(step: AuthStep): void
  /** Back to `initial` (what `useLogout` does too). */
  resetAuthStep(): void
  setOpen(isOpen: boolean): void
}

/**
 * The auth modal's shared state for the sign-in UI (`AuthModal`, `AuthCard`): whether the modal is
 * open and the current step, with setters. Apps use `useAuthModal` instead.
 *
 * @example
 * const { isOpen, authStep, setAuthStep } = useAuthModalState()
 * setAuthStep({ type: 'pick_eoa' })
 */
export function useAuthModalState(): UseAuthModalStateReturnType {
  const { authModal } = useSigilContext('useAuthModalState')
  const state = useSyncExternalStore(authModal.subscribe, authModal.getState, authModal.getState)
  return useMemo(
    () => ({
      ...state,
      setAuthStep: (authStep: AuthStep) => authModal.setState({ authStep }),
      resetAuthStep: () => authModal.setState({ authStep: { type: 'initial' } }),
      setOpen: (isOpen: boolean) => authModal.setState({ isOpen }),
    }),
    [authModal, state],
  )
}
