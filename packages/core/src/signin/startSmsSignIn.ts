import { requireSigner } from '../actions/requireSigner.js'
import type { SigilConfig } from '../createConfig.js'
import type { SignInOtp } from './SignInStep.js'
import { toSignInStep } from './toSignInStep.js'

export type StartSmsSignInParameters = {
  /** International format, e.g. `+14155550123`. */
  phone: string
}

export type StartSmsSignInReturnType = SignInOtp

/**
 * Starts (or resends) an SMS sign-in: the SDK's `startAuthentication({ type: 'sms' })` looks the user
 * up once by number and texts a code, signing a new user up; answers `{ next: 'otp' }` (then
 * `submitOtp`, as for an emailed code). A refusal throws the SDK's error (`readSignInError` gives the
 * server's `code`), and the signer is DISCONNECTED with it.
 *
 * @example
 * const step = await startSmsSignIn(config, { phone: '+14155550123' })
 * await submitOtp(config, { code: '123456' })
 */
export async function startSmsSignIn(
  config: SigilConfig,
  { phone }: StartSmsSignInParameters,
): Promise<StartSmsSignInReturnType> {
  const signer = requireSigner(config)
  await signer.ready
  const step = await signer.startAuthentication({ type: 'sms', phone })
  return toSignInStep(signer, step) as StartSmsSignInReturnType
}
