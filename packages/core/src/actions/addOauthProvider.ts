import type { AddOauthProviderParameters, OauthProviderInfo } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { AddOauthProviderParameters, OauthProviderInfo } from '@sigil/signer'

/**
 * Links a provider account (an ID token the server's OAuth callback fetched for linking) to the
 * signed-in user.
 *
 * @example
 * const { providerId } = await addOauthProvider(config, { providerName: 'google', oidcToken })
 */
export function addOauthProvider(
  config: SigilConfig,
  parameters: AddOauthProviderParameters,
): Promise<OauthProviderInfo> {
  return requireSigner(config).addOauthProvider(parameters)
}
