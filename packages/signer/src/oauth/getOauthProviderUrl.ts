import { encodeOauthState, getOauthNonce } from '@sigil/protocol'
import type { OauthConfig } from '../actions/preparePopupOauth.js'
import { OAuthProvidersError } from '../errors/OAuthProvidersError.js'
import { SignerError } from '../errors/SignerError.js'
import { type KnownAuthProvider, knownOauthProviders } from './knownOauthProviders.js'
import type { OauthParameters } from './OauthParameters.js'

export type GetOauthProviderUrlParameters = {
  oauthParameters: OauthParameters
  /** `authProviders` may be missing: `OAuthProvidersError` then. */
  oauthConfig: Omit<OauthConfig, 'authProviders'> & {
    authProviders?: OauthConfig['authProviders'] | undefined
  }
  turnkeyPublicKey: string
  oauthCallbackUrl: string
  /** Popup mode: the page's origin, where the callback posts the result. */
  openerOrigin?: string | undefined
  /** Resolves a relative `redirectUrl` (default: the page's address). */
  baseUrl?: string | undefined
}

/**
 * The provider's authorization URL, exactly as docs/protocol.md#oauth-state-and-nonce lays it out: `redirect_uri`,
 * `response_type=code`, `scope`, `state`, `code_challenge`, `code_challenge_method=S256`,
 * `prompt=select_account`, `client_id`, `nonce`, then `otherParameters` (overriding in place),
 * `claims` and `connection`; empty values skipped, a trailing `/` of the path dropped.
 *
 * @example
 * getOauthProviderUrl({ oauthParameters: { authProviderId: 'google', mode: 'popup' }, oauthConfig, turnkeyPublicKey, oauthCallbackUrl })
 */
export function getOauthProviderUrl(parameters: GetOauthProviderUrlParameters): string {
  const { oauthParameters: oauth, oauthConfig, turnkeyPublicKey } = parameters
  const { authProviders } = oauthConfig
  if (!authProviders) throw new OAuthProvidersError()
  const provider = authProviders.find(
    (candidate) =>
      candidate.id === oauth.authProviderId && !!candidate.isCustomProvider === !!oauth.isCustomProvider,
  )
  if (!provider) throw new SignerError(`No auth provider found with id ${oauth.authProviderId}`)
  const defaults = oauth.isCustomProvider
    ? undefined
    : (knownOauthProviders as Record<string, (typeof knownOauthProviders)[KnownAuthProvider]>)[
        oauth.authProviderId
      ]
  const scope = oauth.scope ?? defaults?.scope
  if (!scope) throw new SignerError(`Default scope not known for provider ${oauth.authProviderId}`)
  const claims = oauth.claims ?? defaults?.claims
  const otherParameters = oauth.otherParameters ?? defaults?.otherParameters

  const state = encodeOauthState({
    authProviderId: oauth.authProviderId,
    isCustomProvider: oauth.isCustomProvider,
    requestKey: oauthConfig.requestKey,
    turnkeyPublicKey,
    expirationSeconds: oauth.expirationSeconds,
    redirectUrl: oauth.mode === 'redirect' ? new URL(oauth.redirectUrl, parameters.baseUrl).href : undefined,
    openerOrigin: oauth.mode === 'popup' ? parameters.openerOrigin : undefined,
  })
  const query: Record<string, string | undefined> = {
    redirect_uri: parameters.oauthCallbackUrl,
    response_type: 'code',
    scope,
    state,
    code_challenge: oauthConfig.codeChallenge,
    code_challenge_method: 'S256',
    prompt: 'select_account',
    client_id: provider.clientId,
    nonce: getOauthNonce(turnkeyPublicKey),
    ...otherParameters,
  }
  if (claims) query.claims = claims
  if (oauth.auth0Connection) query.connection = oauth.auth0Connection
  const url = new URL(provider.authEndpoint)
  for (const [name, value] of Object.entries(query)) if (value) url.searchParams.append(name, value)
  const [path = '', search = ''] = url.href.split('?')
  return `${path.replace(/\/$/, '')}?${search}`
}
