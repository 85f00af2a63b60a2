import type { MultiFactorProof } from '@sigil/signer'
import { requireSigner } from '../actions/requireSigner.js'
import type { SigilConfig } from '../createConfig.js'
import type { SignInDone, SignInMfa } from './SignInStep.js'
import { toSignInStep } from './toSignInStep.js'

export type SubmitOtpParameters = {
  /** The emailed code. */
  code: string
  /** Authenticator codes sent along, when the app already has them. */
  multiFactors?: MultiFactorProof[] | undefined
}

export type SubmitOtpReturnType = SignInDone | SignInMfa

/**
 * Checks the emailed code of the sign-in `startEmailSignIn` began: `{ next: 'done' }`, or
 * `{ next: 'mfa' }` when the user has an authenticator factor (then `submitMfaCode`). A wrong code
 * throws the server's `INVALID_OTP_CODE` (`readSignInError(error).code`); the user may try again.
 *
 * @example
 * const step = await submitOtp(config, { code: '123456' })
 * if (step.next === 'mfa') await submitMfaCode(config, { code: authenticatorCode })
 */
export async function submitOtp(
  config: SigilConfig,
  { code, multiFactors }: SubmitOtpParameters,
): Promise<SubmitOtpReturnType> {
  const signer = requireSigner(config)
  await signer.ready
  const step = await signer.startAuthentication({ type: 'otp', otpCode: code, multiFactors })
  return toSignInStep(signer, step) as SubmitOtpReturnType
}
