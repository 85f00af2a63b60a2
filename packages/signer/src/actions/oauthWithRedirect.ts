import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import { getOauthProviderUrl } from '../oauth/getOauthProviderUrl.js'
import type { OauthParameters } from '../oauth/OauthParameters.js'
import { preparePopupOauth } from './preparePopupOauth.js'

/**
 * OAuth by redirect: prepares the login, sends the page to the provider
 * (`window.location.href = url`), and rejects with `Failed to redirect to OAuth provider` if the
 * page is still here after 1 s. The sign-in ends on the return page (`handleRedirectReturn`).
 *
 * @example
 * await oauthWithRedirect(signer, { authProviderId: 'google', mode: 'redirect', redirectUrl: '/auth/return' })
 */
export async function oauthWithRedirect(
  client: SignerClient,
  parameters: OauthParameters & { mode: 'redirect' },
): Promise<never> {
  const location = client.window?.location
  if (!location)
    throw new SignerError('Failed to redirect to OAuth provider', { details: 'no window.location' })
  const oauthConfig = await preparePopupOauth(client)
  const turnkeyPublicKey = await client.sessionStamper.init()
  const url = getOauthProviderUrl({
    oauthParameters: parameters,
    oauthConfig,
    turnkeyPublicKey,
    oauthCallbackUrl: client.config.oauthCallbackUrl,
    baseUrl: location.href,
  })
  location.href = url
  return new Promise<never>((_, reject) =>
    setTimeout(() => reject(new SignerError('Failed to redirect to OAuth provider')), 1000),
  )
}
