import type { SignerClient } from '../client/SignerClient.js'
import { requireUser } from '../store/requireUser.js'
import { request } from '../transport/request.js'
import { stampAsMultiOwner } from './stampAsMultiOwner.js'

/**
 * Removes owners from a multi-owner organization (Account Kit's `experimental_deleteFromMultiOwner`):
 * the root quorum first lets them go, then they are deleted; both stamped by the signed-in owner.
 *
 * @example
 * await deleteFromMultiOwner(signer, { orgId, members: ['0x1234…'] })
 */
export async function deleteFromMultiOwner(
  client: SignerClient,
  { orgId, members }: { orgId: string; members: `0x${string}`[] },
): Promise<void> {
  requireUser(client)
  const prepared = await request(client, '/v1/multi-owner-prepare-delete', {
    organizationId: orgId,
    members: members.map((evmSignerAddress) => ({ evmSignerAddress })),
  })
  const stampedDelete = await stampAsMultiOwner(client, prepared.result.deleteMembersRequest)
  await request(client, '/v1/multi-owner-update-root-quorum', {
    stampedRequest: await stampAsMultiOwner(client, prepared.result.updateRootQuorumRequest),
  })
  await request(client, '/v1/multi-owner-delete', { stampedRequest: stampedDelete })
}
