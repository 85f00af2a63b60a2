import type { OauthParameters } from '@sigil/signer'
import { requireSigner } from '../actions/requireSigner.js'
import type { SigilConfig } from '../createConfig.js'
import type { SignInDone, SignInMfa } from './SignInStep.js'
import { toSignInStep } from './toSignInStep.js'

export type SignInWithOauthParameters = OauthParameters

export type SignInWithOauthReturnType = SignInDone | SignInMfa

/**
 * Signs in with a social provider. `mode: 'popup'` opens the provider in a popup (prepared by
 * `enablePopupOauth`, so it opens inside the click): `{ next: 'done' }`, or `{ next: 'mfa' }` for a
 * user with an authenticator factor. A closed popup throws `OauthCancelledError`, a provider
 * error `OauthFailedError`. `mode: 'redirect'` sends the page to the provider and does not settle while the page
 * leaves (the sign-in ends on the return page: `watchSignInStep`); it fails with `Failed to
 * redirect to OAuth provider` if the page is still here a second later.
 *
 * @example
 * const step = await signInWithOauth(config, { authProviderId: 'google', mode: 'popup' })
 */
export async function signInWithOauth(
  config: SigilConfig,
  parameters: SignInWithOauthParameters,
): Promise<SignInWithOauthReturnType> {
  const signer = requireSigner(config)
  await signer.ready
  const step = await signer.startAuthentication({ ...parameters, type: 'oauth' })
  return toSignInStep(signer, step) as SignInWithOauthReturnType
}
