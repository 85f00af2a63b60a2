import type { SignerRouteResponse } from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { requireUser } from '../store/requireUser.js'
import { request } from '../transport/request.js'

export type CreateMultiOwnerReturnType = SignerRouteResponse<'/v1/multi-owner-create'>['result']

/**
 * Creates a multi-owner organization owned by the signed-in user's address and `additionalMembers`
 * (`/v1/multi-owner-create`; Account Kit's `experimental_createMultiOwner`). It starts with every
 * owner in the root quorum and a threshold of 1; see docs/multi-owner.md.
 *
 * @example
 * const { orgId, evmSignerAddress } = await createMultiOwner(signer, ['0x1234…'])
 */
export async function createMultiOwner(
  client: SignerClient,
  additionalMembers: `0x${string}`[],
): Promise<CreateMultiOwnerReturnType> {
  const user = requireUser(client)
  const { result } = await request(client, '/v1/multi-owner-create', {
    members: [user.address, ...additionalMembers].map((evmSignerAddress) => ({ evmSignerAddress })),
  })
  return result
}
