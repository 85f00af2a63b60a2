export type BuildProviderUrlParameters = {
  authEndpoint: string
  oauthCallbackUrl: string
  scope: string
  state: string
  codeChallenge: string
  clientId: string
  nonce: string
  otherParameters?: Record<string, string>
  claims?: string
  auth0Connection?: string
}

/**
 * The provider URL exactly as the Account Kit SDK builds it (docs/protocol.md#oauth-state-and-nonce): parameters appended
 * to `authEndpoint` in this order, `otherParameters` overriding in place, empty values skipped, a
 * trailing `/` of the path dropped.
 *
 * @example
 * buildProviderUrl({ authEndpoint, oauthCallbackUrl, scope: 'openid email', state, codeChallenge, clientId, nonce })
 */
export function buildProviderUrl(parameters: BuildProviderUrlParameters): string {
  const params: Record<string, string> = {
    redirect_uri: parameters.oauthCallbackUrl,
    response_type: 'code',
    scope: parameters.scope,
    state: parameters.state,
    code_challenge: parameters.codeChallenge,
    code_challenge_method: 'S256',
    prompt: 'select_account',
    client_id: parameters.clientId,
    nonce: parameters.nonce,
    ...parameters.otherParameters,
  }
  if (parameters.claims) params.claims = parameters.claims
  if (parameters.auth0Connection) params.connection = parameters.auth0Connection
  const url = new URL(parameters.authEndpoint)
  for (const [name, value] of Object.entries(params)) if (value) url.searchParams.append(name, value)
  const [path, search] = url.href.split('?')
  return `${path?.replace(/\/$/, '')}?${search}`
}
