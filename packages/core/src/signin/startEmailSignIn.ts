import { MfaRequiredError, type MultiFactorEntry, signerStatus } from '@sigil/signer'
import { requireSigner } from '../actions/requireSigner.js'
import type { SigilConfig } from '../createConfig.js'
import { type EmailMode, resolveEmailMode } from './resolveEmailMode.js'
import type { SignInDone, SignInLink, SignInMfa, SignInOtp } from './SignInStep.js'
import { signInUntil } from './signInUntil.js'
import { toSignInDone } from './toSignInDone.js'

/** The query parameter a new user's emailed link carries back to the app. */
export const signupQueryParameter = 'aa-is-signup'

export type StartEmailSignInParameters = {
  email: string
  /** Used when the server does not say which mode the app has (its `getConfig().email.mode`). */
  emailMode?: EmailMode | undefined
  /** Authenticator codes, when a link sign-in answered `{ next: 'mfa' }` (see `submitMfaCode`). */
  multiFactors?: MultiFactorEntry[] | undefined
}

export type StartEmailSignInReturnType = SignInOtp | SignInLink | SignInMfa | SignInDone

/**
 * Starts (or resends) an email sign-in: looks the user up (a new user's link carries
 * `aa-is-signup=true`), picks the email mode (the server's, else `emailMode`, else a code) and
 * mails a code (`{ next: 'otp' }`, then `submitOtp`) or a link (`{ next: 'link' }`; the sign-in
 * ends when it is opened, here or in another tab). A user with an authenticator factor asking for
 * a link gets `{ next: 'mfa' }` first (`submitMfaCode` then mails the link). A refusal throws the
 * SDK's error (`readSignInError` gives the server's `code`), and the signer is DISCONNECTED with it.
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
  const existing = await signer.lookupUserByEmail(email)
  const redirectParams = new URLSearchParams()
  if (!existing.orgId) redirectParams.set(signupQueryParameter, 'true')
  try {
    const reached = await signInUntil(signer, [signerStatus.AWAITING_EMAIL_AUTH], () =>
      signer.authenticate({ type: 'email', email, emailMode: mode, redirectParams, multiFactors }),
    )
    if (!reached.status) return toSignInDone(signer, reached.user)
    return mode === 'otp' ? { next: 'otp', otpId: signer.otpId ?? '' } : { next: 'link' }
  } catch (error) {
    const factorId = error instanceof MfaRequiredError ? error.multiFactors[0]?.multiFactorId : undefined
    if (!factorId || multiFactors) throw error
    return { next: 'mfa', factorId, email }
  }
}
