import type { SocialAuthType } from '../components/AuthUiConfig.js'

const knownNames: Record<string, string> = {
  google: 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
  twitch: 'Twitch',
  auth0: 'Auth0',
}

/**
 * The name a social button and its screens show: `displayName`, else the known provider's name
 * ('Google'), else the provider id with a capital letter.
 *
 * @example
 * getProviderDisplayName({ type: 'social', authProviderId: 'google', mode: 'popup' }) // 'Google'
 */
export function getProviderDisplayName(
  config: Pick<SocialAuthType, 'authProviderId' | 'displayName'>,
): string {
  if (config.displayName) return config.displayName
  const id = config.authProviderId
  return knownNames[id] ?? id.charAt(0).toUpperCase() + id.slice(1)
}
