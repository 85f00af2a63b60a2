import { signerErrorCodes } from '@sigil/protocol'
import * as client from 'openid-client'
import { ApiError } from '../../http/errors/ApiError.js'
import type { SigilContext } from '../../SigilContext.js'
import type { OauthProvider } from './loadOauthProviders.js'

/** How long a failed discovery is answered from the cache before it is tried again. */
const retryDiscoveryAfterMs = 30_000

const discovered = new WeakMap<SigilContext, Map<string, Promise<client.Configuration>>>()

const isLoopbackHttp = (url: URL) =>
  url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)

function clientAuthentication(provider: OauthProvider): client.ClientAuth {
  if (provider.tokenEndpointAuthMethod === 'none') return client.None()
  if (provider.tokenEndpointAuthMethod === 'client_secret_basic')
    return client.ClientSecretBasic(provider.clientSecret)
  return client.ClientSecretPost(provider.clientSecret)
}

async function discover(ctx: SigilContext, provider: OauthProvider): Promise<client.Configuration> {
  const issuer = new URL(provider.issuer)
  try {
    return await client.discovery(
      issuer,
      provider.clientId,
      provider.clientSecret,
      clientAuthentication(provider),
      {
        timeout: 10,
        // Plain http only for a provider on this machine (tests, local development).
        ...(isLoopbackHttp(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
      },
    )
  } catch (cause) {
    ctx.logger.warn('oauth provider discovery failed', {
      providerId: provider.id,
      issuer: provider.issuer,
      error: (cause as Error).name,
      code: (cause as { code?: string }).code,
    })
    throw new ApiError('FAILED_PRECONDITION', `OAuth provider ${provider.id} is not reachable`, {
      errorCode: signerErrorCodes.OAUTH_PROVIDER_UNAVAILABLE,
      cause,
    })
  }
}

/**
 * The openid-client configuration of a provider: discovered (`<issuer>/.well-known/openid-configuration`)
 * at first use and kept for the life of the server. A failed discovery throws `OAUTH_PROVIDER_UNAVAILABLE`
 * and is tried again after 30 seconds.
 *
 * @example
 * const config = await getOauthClient(ctx, provider)
 * config.serverMetadata().authorization_endpoint
 */
export async function getOauthClient(
  ctx: SigilContext,
  provider: OauthProvider,
): Promise<client.Configuration> {
  let byProvider = discovered.get(ctx)
  if (!byProvider) {
    byProvider = new Map()
    discovered.set(ctx, byProvider)
  }
  const key = `${provider.id}:${provider.isCustomProvider}`
  let pending = byProvider.get(key)
  if (!pending) {
    const cache = byProvider
    pending = discover(ctx, provider)
    cache.set(key, pending)
    // A failure is kept a little while, so a provider that is down does not slow every request.
    pending.catch(() => setTimeout(() => cache.delete(key), retryDiscoveryAfterMs).unref())
  }
  return pending
}
