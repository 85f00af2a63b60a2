import { requireSigner } from '../actions/requireSigner.js'
import type { SigilConfig } from '../createConfig.js'
import type { SignInMfa, SignInStep } from './SignInStep.js'
import { startEmailSignIn } from './startEmailSignIn.js'
import { toSignInStep } from './toSignInStep.js'

export type SubmitMfaCodeParameters = (
  | {
      /** The authenticator app's code. */
      code: string
      recoveryCode?: undefined
    }
  | {
      /** One of the user's single-use recovery codes instead (docs/protocol.md, "Recovery codes"). */
      recoveryCode: string
      code?: undefined
    }
) & {
  /** The `mfa` step being answered: with its `email`, the code goes with a new link request. */
  step?: Pick<SignInMfa, 'factorId' | 'email'> | undefined
}

export type SubmitMfaCodeReturnType = SignInStep

/**
 * Answers a `{ next: 'mfa' }` step with the user's authenticator code. After an emailed code, an
 * OAuth popup or redirect, or a passkey, it finishes the sign-in (`{ next: 'done' }`); after a
 * link request (`step.email`), it asks for the link again with the code (`{ next: 'link' }`). A
 * wrong code throws the server's `INVALID_MFA_CODE` (`readSignInError`); the user may try again.
 * `recoveryCode` instead of `code` answers with one of the user's recovery codes, used up on success.
 *
 * @example
 * const step = await submitOtp(config, { code: emailed })
 * if (step.next === 'mfa') await submitMfaCode(config, { code: '123456', step })
 */
export async function submitMfaCode(
  config: SigilConfig,
  { code, recoveryCode, step }: SubmitMfaCodeParameters,
): Promise<SubmitMfaCodeReturnType> {
  if (step?.email) {
    const multiFactors =
      recoveryCode !== undefined
        ? [{ recoveryCode }]
        : [{ multiFactorId: step.factorId, multiFactorCode: code }]
    return startEmailSignIn(config, { email: step.email, emailMode: 'magicLink', multiFactors })
  }
  const signer = requireSigner(config)
  const answer =
    recoveryCode !== undefined
      ? await signer.startAuthentication({ type: 'mfa', recoveryCode })
      : await signer.startAuthentication({ type: 'mfa', multiFactorCode: code })
  return toSignInStep(signer, answer)
}
