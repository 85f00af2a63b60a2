import type { ChainConfig } from '../gateway/ChainConfig.js'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { RpcError } from '../gateway/RpcError.js'
import type { SponsorAudience } from '../store/sponsorSchema.js'

export type PolicyCaller = {
  /**
   * Who the policy's per-user limits count: `user:<Sigil user id>` when a signed-in user made the
   * request, else undefined (the caller counts by sender or signer key).
   */
  userKey: string | undefined
}

/**
 * Refuses a request the policy's audience does not admit: `public` takes any caller of the app,
 * `signed-in` needs a verified Sigil session stamp of one of the app's users, `server` needs the app's
 * API key (a bearer key or the key in the path; a browser origin or an app JWT is refused). A stamp that
 * is present is verified whatever the audience, and a bad one refuses the request. Returns who the
 * per-user limits count: `user:<Sigil user id>` when a signed-in user stamped the request.
 *
 * @example
 * const { userKey } = await assertPolicyAudience(request, policy)
 */
export async function assertPolicyAudience(
  request: GatewayRequest<ChainConfig>,
  policy: { id: string; audience: SponsorAudience },
): Promise<PolicyCaller> {
  if (policy.audience === 'server' && request.credential !== 'apiKey')
    throw new RpcError(
      'POLICY_REFUSED',
      `Policy ${policy.id} sponsors the app's backend only: send the app's API key ` +
        `(${request.credential === 'jwt' ? 'an app JWT' : 'a browser origin'} is not enough)`,
    )
  const user = await request.signedInUser()
  if (policy.audience === 'signed-in' && !user)
    throw new RpcError('POLICY_REFUSED', `Policy ${policy.id} sponsors signed-in users only: sign in first`)
  return { userKey: user ? `user:${user.userId}` : undefined }
}
