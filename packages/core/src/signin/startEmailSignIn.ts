import type { MultiFactorProof } from '@sigil/signer'
import { requireSigner } from '../actions/requireSigner.js'
import type { SigilConfig } from '../createConfig.js'
import { type EmailMode, resolveEmailMode } from './resolveEmailMode.js'
import type { SignInDone, SignInLink, SignInMfa, SignInOtp } from './SignInStep.js'
import { toSignInStep } from './toSignInStep.js'

export type StartEmailSignInParameters = {
  email: string
  /** Used when the server does not say which mode the app has (its `getConfig().email.mode`). */
  emailMode?: EmailMode | undefined
  /** Authenticator codes, when a link sign-in answered `{ next: 'mfa' }` (see `submitMfaCode`). */
  multiFactors?: MultiFactorProof[] | undefined
}

export type StartEmailSignInReturnType = SignInOtp | SignInLink | SignInMfa | SignInDone

/**
 * Starts (or resends) an email sign-in: picks the email mode (the server's, else `emailMode`, else
 * a code), then the SDK's `startAuthentication` looks the user up once and mails a code
 * (`{ next: 'otp' }`, then `submitOtp`) or a link (`{ next: 'link' }`; the sign-in ends when it is
 * opened, here or in another tab; a new user's link lands with `aa-is-signup=true`). A user with an
 * authenticator factor asking for a link gets `{ next: 'mfa', email }` first (`submitMfaCode` then
 * mails the link). A refusal throws the SDK's error (`readSignInError` gives the server's `code`),
 * and the signer is DISCONNECTED with it.
 *
 * @example
 * const step = await startEmailSignIn(config, { email: 'ada@example.com' })
 * if (step.next === 'otp') await submitOtp(config, { code: '123456' })
 */
export async function startEmailSignIn(
  config: SigilConfig,
  { email, emailMode, multiFactors }: StartEmailSignInParameters,
): Promise<StartEmailSignInReturnType> {
  const signer = requireSigner(config)
  await signer.ready
  const mode = await resolveEmailMode(signer, emailMode)
  const step = await signer.startAuthentication({
    type: 'email',
    email,
    emailMode: mode,
    redirectParams: new URLSearchParams(),
    multiFactors,
    markSignup: true,
  })
  return toSignInStep(signer, step, { email }) as StartEmailSignInReturnType
}
