import type { AuthenticateParameters, User } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { AuthenticateParameters } from '@sigil/signer'
export type AuthenticateReturnType = User

/**
 * Signs a user in with the config's signer (see `@sigil/signer` `authenticate`: `email`, `otp`,
 * `passkey`, `oauth`, `oauthReturn`, `custom-jwt`), once the signer has finished restoring its stored session.
 * The store follows: AUTHENTICATING_EMAIL, AWAITING_EMAIL_AUTH, then CONNECTED with the user.
 * Throws `ClientOnlyPropertyError` on the server.
 *
 * @example
 * void authenticate(config, { type: 'email', email: 'ada@example.com' })
 * // … the user reads the code …
 * const user = await authenticate(config, { type: 'otp', otpCode: '123456' })
 */
export async function authenticate(
  config: SigilConfig,
  parameters: AuthenticateParameters,
): Promise<AuthenticateReturnType> {
  const signer = requireSigner(config)
  await signer.ready
  return signer.authenticate(parameters)
}
