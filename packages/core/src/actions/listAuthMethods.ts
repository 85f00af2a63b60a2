import type { AuthMethods } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { AuthMethods } from '@sigil/signer'

/**
 * The signed-in user's sign-in methods: proven email, phone, linked OAuth providers and passkeys.
 *
 * @example
 * const { email, oauthProviders, passkeys } = await listAuthMethods(config)
 */
export function listAuthMethods(config: SigilConfig): Promise<AuthMethods> {
  return requireSigner(config).listAuthMethods()
}
