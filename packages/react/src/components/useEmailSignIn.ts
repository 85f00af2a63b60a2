import { type EmailMode, type StartEmailSignInParameters, startEmailSignIn } from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useSigilConfig } from '../hooks/useSigilConfig.js'
import { toError } from '../ui/toError.js'
import { useAuthUi } from './AuthUiContext.js'
import { toAuthStepEvent } from './toAuthStepEvent.js'
import { useAuthStep } from './useAuthStep.js'

/** The steps an email sign-in (or its resend) may move the card from. */
const emailSteps = ['initial', 'email_verify', 'otp_verify', 'totp_verify'] as const

/**
 * Starts (or resends) an email sign-in with core `startEmailSignIn` (which looks the user up and
 * picks the server's email mode) and moves the card to the step it answers: otp_verify,
 * email_verify, or totp_verify for a link sign-in that needs an authenticator code. A failure goes
 * back to the first step with the error.
 *
 * @example
 * const startEmailSignIn = useEmailSignIn()
 * void startEmailSignIn('ada@example.com', { emailMode: 'otp' })
 */
export function useEmailSignIn() {
  const config = useSigilConfig()
  const { dispatch } = useAuthStep()
  const { addPasskeyOnSignup } = useAuthUi()
  const { mutateAsync } = useMutation({
    mutationKey: ['startEmailSignIn'],
    mutationFn: (parameters: StartEmailSignInParameters) => startEmailSignIn(config, parameters),
  })
  return useCallback(
    async (email: string, { emailMode }: { emailMode?: EmailMode | undefined } = {}): Promise<void> => {
      try {
        const step = await mutateAsync({ email, emailMode })
        dispatch(toAuthStepEvent(step, { email, addPasskeyOnSignup }), emailSteps)
      } catch (error) {
        dispatch({ type: 'RESET', error: toError(error) }, emailSteps)
      }
    },
    [mutateAsync, dispatch, addPasskeyOnSignup],
  )
}
