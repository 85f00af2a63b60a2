import type { RemoveOauthProviderParameters } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { RemoveOauthProviderParameters } from '@sigil/signer'

/**
 * Unlinks a provider account from the signed-in user; the last way to sign in is never removed.
 *
 * @example
 * await removeOauthProvider(config, { providerId })
 */
export function removeOauthProvider(
  config: SigilConfig,
  parameters: RemoveOauthProviderParameters,
): Promise<void> {
  return requireSigner(config).removeOauthProvider(parameters)
}
