import { signerErrorCodes } from '@sigil/protocol'
import { ApiError } from '../../http/errors/ApiError.js'
import type { SigilContext } from '../../SigilContext.js'
import { getOauthClient } from './getOauthClient.js'
import type { OauthProvider } from './loadOauthProviders.js'

/** A provider as `/v1/prepare-oauth` lists it to the SDK. */
export type AuthProvider = { id: string; isCustomProvider?: true; clientId: string; authEndpoint: string }

async function authEndpointOf(ctx: SigilContext, provider: OauthProvider): Promise<string> {
  if (provider.authEndpoint) return provider.authEndpoint
  const config = await getOauthClient(ctx, provider)
  const endpoint = config.serverMetadata().authorization_endpoint
  if (!endpoint)
    throw new ApiError('FAILED_PRECONDITION', `OAuth provider ${provider.id} has no authorization endpoint`, {
      errorCode: signerErrorCodes.OAUTH_PROVIDER_UNAVAILABLE,
    })
  const url = new URL(endpoint)
  for (const [name, value] of Object.entries(provider.authEndpointParameters))
    url.searchParams.set(name, value)
  return url.toString()
}

/**
 * The configured providers (those `app` offers, when given) with their authorization endpoints (discovered at first use). A provider
 * that cannot be reached is left out, with a warning in the log; if none can be reached, the
 * `OAUTH_PROVIDER_UNAVAILABLE` error of the first is thrown.
 *
 * @example
 * const authProviders = await listAuthProviders(ctx)
 * // [{ id: 'google', clientId: '…', authEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth' }]
 */
export async function listAuthProviders(
  ctx: SigilContext,
  app?: { oauthProviderIds: string[] | null },
): Promise<AuthProvider[]> {
  const providers = ctx.config.oauthProviders.filter(
    (provider) => !app?.oauthProviderIds || app.oauthProviderIds.includes(provider.id),
  )
  const results = await Promise.allSettled(providers.map((provider) => authEndpointOf(ctx, provider)))
  const listed: AuthProvider[] = []
  results.forEach((result, index) => {
    const provider = providers[index]!
    if (result.status === 'rejected') return
    listed.push({
      id: provider.id,
      ...(provider.isCustomProvider ? { isCustomProvider: true as const } : {}),
      clientId: provider.clientId,
      authEndpoint: result.value,
    })
  })
  const firstFailure = results.find((result) => result.status === 'rejected')
  if (listed.length === 0 && firstFailure) throw firstFailure.reason
  return listed
}
