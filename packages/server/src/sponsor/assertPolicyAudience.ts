import type { ChainConfig } from '../rpc/ChainConfig.js'
import type { GatewayRequest } from '../rpc/GatewayRequest.js'
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
 * API key. Returns who the per-user limits count.
 *
 * @example
 * const { userKey } = await assertPolicyAudience(request, policy)
 */
export async function assertPolicyAudience(
  _request: GatewayRequest<ChainConfig>,
  _policy: { id: string; audience: SponsorAudience },
): Promise<PolicyCaller> {
  // Filled in by the audience work (issue 15, point 3).
  return { userKey: undefined }
}
