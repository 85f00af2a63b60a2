import type { AuthenticateParameters } from '@sigil/signer'
import { requireSigner } from '../actions/requireSigner.js'
import type { SigilConfig } from '../createConfig.js'
import type { SignInDone, SignInMfa } from './SignInStep.js'
import { toSignInStep } from './toSignInStep.js'

export type SignInWithJwtParameters = Omit<Extract<AuthenticateParameters, { type: 'custom-jwt' }>, 'type'>

export type SignInWithJwtReturnType = SignInDone | SignInMfa

/**
 * Bring-your-own auth: signs in with a JWT the app's backend minted for its signed-in user
 * (`authenticate({ type: 'custom-jwt', jwt })`; the issuer is registered for the app on the server,
 * docs/custom-jwt.md). Answers `{ next: 'done', isNewUser }` (the user and wallet are created on
 * first use), or `{ next: 'mfa' }` for a user with an authenticator factor (`submitMfaCode`). A
 * refused token throws the SDK's `SignerRequestError` with its `code` (`JWT_EXPIRED`, `JWT_REPLAYED`, …).
 *
 * @example
 * const { jwt } = await fetch('/api/sigil-token').then((response) => response.json())
 * const step = await signInWithJwt(config, { jwt })
 */
export async function signInWithJwt(
  config: SigilConfig,
  parameters: SignInWithJwtParameters,
): Promise<SignInWithJwtReturnType> {
  const signer = requireSigner(config)
  await signer.ready
  const step = await signer.startAuthentication({ ...parameters, type: 'custom-jwt' })
  return toSignInStep(signer, step) as SignInWithJwtReturnType
}
