import type { SignerClient } from '../client/SignerClient.js'
import { requireUser } from '../store/requireUser.js'
import { request } from '../transport/request.js'
import type { MultiFactorProof, OauthProviderInfo } from '../types.js'

export type AddOauthProviderParameters = {
  /** The configured provider's id (`google`, …), as the OAuth callback named it. */
  providerName: string
  /** An ID token the server's OAuth callback fetched for linking (`fetchIdTokenOnly`); used once. */
  oidcToken: string
  /** The current code of a verified factor; required while the user has one. */
  multiFactors?: MultiFactorProof[] | undefined
}

/**
 * Links a provider account to the signed-in user (`/v1/add-oauth-provider`, a stamped
 * `ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS`), so signing in with it reaches this user. Answers the link.
 *
 * @example
 * const { providerId } = await addOauthProvider(signer, { providerName: 'google', oidcToken })
 */
export async function addOauthProvider(
  client: SignerClient,
  { providerName, oidcToken, multiFactors }: AddOauthProviderParameters,
): Promise<OauthProviderInfo> {
  const user = requireUser(client)
  const stampedRequest = await client.stampRequest('submit/create_oauth_providers', {
    type: 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS',
    timestampMs: String(Date.now()),
    organizationId: user.orgId,
    parameters: { userId: user.userId, oauthProviders: [{ providerName, oidcToken }] },
  })
  const { oauthProviders } = await request(client, '/v1/add-oauth-provider', {
    stampedRequest,
    ...(multiFactors ? { multiFactors } : {}),
  })
  return oauthProviders[0]!
}
