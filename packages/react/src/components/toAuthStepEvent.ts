import type { SignInStep, WatchedSignInStep } from '@sigil/core'
import type { AuthStepEvent } from './nextAuthStep.js'

export type ToAuthStepEventOptions = {
  /** The address of an email sign-in (the code and link steps show it). */
  email?: string | undefined
  /** Offer to add a passkey after a sign-up (`passkey_create`). */
  addPasskeyOnSignup?: boolean | undefined
}

/**
 * The card's event for the step a core sign-in action answered: `otp` → EMAIL_CODE_REQUESTED,
 * `link` → EMAIL_LINK_SENT, `mfa` → MFA_REQUIRED (after a link request when the step names an
 * email, else after a code, popup or passkey), `done` → CONNECTED, `completing` →
 * EMAIL_COMPLETING, `failed` → RESET with the error.
 *
 * @example
 * dispatch(toAuthStepEvent(await startEmailSignIn(config, { email }), { email }))
 */
export function toAuthStepEvent(
  step: SignInStep | WatchedSignInStep,
  { email = '', addPasskeyOnSignup }: ToAuthStepEventOptions = {},
): AuthStepEvent {
  switch (step.next) {
    case 'otp':
      return { type: 'EMAIL_CODE_REQUESTED', email }
    case 'link':
      return { type: 'EMAIL_LINK_SENT', email }
    case 'mfa':
      return step.email
        ? { type: 'MFA_REQUIRED', previousStep: 'magicLink', email: step.email, factorId: step.factorId }
        : { type: 'MFA_REQUIRED', previousStep: 'otp' }
    case 'done':
      return { type: 'CONNECTED', isNewUser: step.isNewUser, addPasskeyOnSignup }
    case 'completing':
      return { type: 'EMAIL_COMPLETING' }
    case 'failed':
      return { type: 'RESET', error: step.error }
  }
}
