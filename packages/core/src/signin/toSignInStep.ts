import type { AuthenticationStep, Signer } from '@sigil/signer'
import type { SignInStep } from './SignInStep.js'

/**
 * Core's step for the SDK's (`startAuthentication`): the factor to ask a code for, and whether a
 * finished sign-in created the account (the signer's word). `email` marks the `mfa` step of a link
 * request, which `submitMfaCode` answers with a new request.
 *
 * @example
 * return toSignInStep(signer, await signer.startAuthentication({ type: 'otp', otpCode: '123456' }))
 */
export function toSignInStep(
  signer: Signer,
  step: AuthenticationStep,
  { email }: { email?: string | undefined } = {},
): SignInStep {
  switch (step.next) {
    case 'otp':
      return { next: 'otp', otpId: step.otpId }
    case 'link':
      return { next: 'link' }
    case 'mfa': {
      const factorId = step.multiFactors[0]?.multiFactorId ?? signer.mfaStatus.mfaFactorId ?? ''
      const factorType =
        step.multiFactors[0]?.multiFactorType ??
        signer.getPendingMfaFactors().find((factor) => factor.multiFactorId === factorId)?.multiFactorType ??
        'totp'
      return step.encryptedPayload || !email
        ? { next: 'mfa', factorId, factorType }
        : { next: 'mfa', factorId, factorType, email }
    }
    case 'done':
      return { next: 'done', user: step.user, isNewUser: signer.isNewUser === true }
  }
}
