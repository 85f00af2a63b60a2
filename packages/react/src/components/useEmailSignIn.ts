import { watchSignerStatus } from '@sigil/core'
import { MfaRequiredError, type MultiFactorEntry, type Signer } from '@sigil/signer'
import { useCallback } from 'react'
import { useAuthenticate } from '../hooks/useAuthenticate.js'
import { useSigilConfig } from '../hooks/useSigilConfig.js'
import { useSigner } from '../hooks/useSigner.js'
import type { EmailAuthType } from './AuthUiConfig.js'
import { useAuthUi } from './AuthUiContext.js'
import { useAuthStep } from './useAuthStep.js'

/** The query parameter an emailed link carries back for a new user (reference §1.6). */
export const signupQueryParameter = 'aa-is-signup'

/**
 * The app's email mode: the server's (`getConfig().email.mode`, `MAGIC_LINK` or `OTP`), else the
 * section's `emailMode`, else a code.
 */
async function resolveEmailMode(
  signer: Signer,
  fallback: EmailAuthType['emailMode'],
): Promise<'magicLink' | 'otp'> {
  const mode = await signer
    .getConfig()
    .then((config) => config.email.mode)
    .catch(() => undefined)
  if (mode === 'MAGIC_LINK') return 'magicLink'
  if (mode === 'OTP') return 'otp'
  return fallback === 'magicLink' ? 'magicLink' : 'otp'
}

export type StartEmailSignInOptions = {
  /** The section's `emailMode`, used when the server does not say. */
  emailMode?: EmailAuthType['emailMode']
  /** TOTP codes for a link sign-in that needs them (step totp_verify). */
  multiFactors?: MultiFactorEntry[] | undefined
  /** Throw failures to the caller instead of going back to the first step with the error. */
  rethrow?: boolean | undefined
}

/**
 * Starts (or resends) an email sign-in the way reference §3.3 "Email section" does: looks the user
 * up (a new user's link carries `aa-is-signup=true`), asks the server for its email mode, then
 * `authenticate({type:'email'})`. Code mode moves to otp_verify right away; link mode moves to
 * email_verify once the signer is AWAITING_EMAIL_AUTH; a second factor moves to totp_verify; any
 * other failure goes back to initial with the error. Resolves when the user is signed in, or failed.
 *
 * @example
 * const startEmailSignIn = useEmailSignIn()
 * void startEmailSignIn('ada@example.com', { emailMode: 'otp' })
 */
export function useEmailSignIn() {
  const config = useSigilConfig()
  const signer = useSigner()
  const { authenticateAsync } = useAuthenticate()
  const { dispatch } = useAuthStep()
  const { addPasskeyOnSignup } = useAuthUi()
  return useCallback(
    async (email: string, options: StartEmailSignInOptions = {}): Promise<void> => {
      const emailSteps = ['initial', 'email_verify', 'otp_verify', 'totp_verify'] as const
      let stopWatching = () => {}
      try {
        if (!signer) throw new Error('The signer has not started yet')
        const mode = await resolveEmailMode(signer, options.emailMode)
        const existing = await signer.lookupUserByEmail(email)
        const redirectParams = new URLSearchParams()
        if (!existing.orgId) redirectParams.set(signupQueryParameter, 'true')
        if (mode === 'otp') dispatch({ type: 'EMAIL_CODE_REQUESTED', email }, ['initial', 'otp_verify'])
        else
          stopWatching = watchSignerStatus(config)(({ status }) => {
            if (status === 'AWAITING_EMAIL_AUTH')
              dispatch({ type: 'EMAIL_LINK_SENT', email }, ['initial', 'totp_verify'])
          })
        await authenticateAsync({
          type: 'email',
          email,
          emailMode: mode,
          redirectParams,
          multiFactors: options.multiFactors,
        })
        dispatch({ type: 'CONNECTED', isNewUser: signer.isNewUser, addPasskeyOnSignup }, 'email_verify')
      } catch (error) {
        if (error instanceof MfaRequiredError && error.multiFactors[0] && !options.multiFactors) {
          const factorId = error.multiFactors[0].multiFactorId
          dispatch({ type: 'MFA_REQUIRED', previousStep: 'magicLink', email, factorId }, emailSteps)
          return
        }
        if (options.rethrow) throw error
        const failure = error instanceof Error ? error : new Error(String(error))
        dispatch({ type: 'RESET', error: failure }, emailSteps)
      } finally {
        stopWatching()
      }
    },
    [config, signer, authenticateAsync, dispatch, addPasskeyOnSignup],
  )
}
