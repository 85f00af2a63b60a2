import type { SignerClient } from '../client/SignerClient.js'
import { requireUser } from '../store/requireUser.js'
import { request } from '../transport/request.js'
import type { MultiFactorProof } from '../types.js'

export type RemoveOauthProviderParameters = {
  /** The link's id, from `listAuthMethods`. */
  providerId: string
  /** The current code of a verified factor; required while the user has one. */
  multiFactors?: MultiFactorProof[] | undefined
}

/**
 * Unlinks a provider account from the signed-in user (`/v1/remove-oauth-provider`, a stamped
 * `ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS`). The server refuses to remove the last way to sign in
 * (`LAST_SIGN_IN_METHOD`).
 *
 * @example
 * await removeOauthProvider(signer, { providerId })
 */
export async function removeOauthProvider(
  client: SignerClient,
  { providerId, multiFactors }: RemoveOauthProviderParameters,
): Promise<void> {
  const user = requireUser(client)
  const stampedRequest = await client.stampRequest('submit/delete_oauth_providers', {
    type: 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS',
    timestampMs: String(Date.now()),
    organizationId: user.orgId,
    parameters: { userId: user.userId, providerIds: [providerId] },
  })
  await request(client, '/v1/remove-oauth-provider', {
    stampedRequest,
    ...(multiFactors ? { multiFactors } : {}),
  })
}
