import { useCallback, useSyncExternalStore } from 'react'
import { useSigilContext } from '../context/useSigilContext.js'
import type { AuthStep, AuthStepType } from './AuthStep.js'
import { type AuthStepEvent, nextAuthStep } from './nextAuthStep.js'

export type DispatchAuthStep = (event: AuthStepEvent, from?: AuthStepType | readonly AuthStepType[]) => void

/**
 * The sign-in UI's step (kept in the provider, so `AuthCard` and `AuthModal` share it) and a
 * `dispatch` that moves it through `nextAuthStep`. With `from`, the event applies only while the
 * step is (one of) those: a late answer of an abandoned sign-in cannot move a step it no longer owns.
 *
 * @example
 * const { authStep, dispatch } = useAuthStep()
 * dispatch({ type: 'FAILED', error }, 'otp_verify')
 */
export function useAuthStep(): { authStep: AuthStep; dispatch: DispatchAuthStep } {
  const { authModal } = useSigilContext('AuthCard')
  const getStep = useCallback(() => authModal.getState().authStep, [authModal])
  const authStep = useSyncExternalStore(authModal.subscribe, getStep, getStep)
  const dispatch = useCallback<DispatchAuthStep>(
    (event, from) =>
      authModal.setState(({ authStep: current }) => {
        const allowed =
          from === undefined || (typeof from === 'string' ? [from] : from).includes(current.type)
        return allowed ? { authStep: nextAuthStep(current, event) } : {}
      }),
    [authModal],
  )
  return { authStep, dispatch }
}
