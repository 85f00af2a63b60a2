import type { SignerClient } from '../client/SignerClient.js'
import { requireUser } from '../store/requireUser.js'
import { request } from '../transport/request.js'
import { stampAsMultiOwner } from './stampAsMultiOwner.js'

/**
 * Adds owners to a multi-owner organization (Account Kit's `experimental_addToMultiOwner`): the
 * server prepares `create_users`, the signed-in owner stamps it, then stamps the root-quorum update
 * that puts the new owners in the quorum. With a threshold above 1 the other owners approve each step
 * first (the request fails with `ACTIVITY_CONSENSUS_NEEDED`).
 *
 * @example
 * await addToMultiOwner(signer, { orgId, members: ['0x1234…'] })
 */
export async function addToMultiOwner(
  client: SignerClient,
  { orgId, members }: { orgId: string; members: `0x${string}`[] },
): Promise<void> {
  requireUser(client)
  const prepared = await request(client, '/v1/multi-owner-prepare-add', {
    organizationId: orgId,
    members: members.map((evmSignerAddress) => ({ evmSignerAddress })),
  })
  const {
    result: { updateRootQuorumRequest },
  } = await request(client, '/v1/multi-owner-add', {
    stampedRequest: await stampAsMultiOwner(client, prepared.result),
  })
  await request(client, '/v1/multi-owner-update-root-quorum', {
    stampedRequest: await stampAsMultiOwner(client, updateRootQuorumRequest),
  })
}
