import { getAddress } from 'viem'
import { z } from 'zod'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { findAppMultiOwner } from '../findAppMultiOwner.js'
import { multiOwnerErrors } from '../multiOwnerErrors.js'
import { membersSchema, organizationIdSchema } from '../multiOwnerSchemas.js'

/**
 * `POST /signer/v1/multi-owner-prepare-delete {organizationId, members}`: the two requests an owner
 * stamps to remove owners: `update_root_quorum` without them (the threshold lowered to what is left
 * when needed) and `delete_users`. Prepares only; each runs once the root quorum approved it.
 */
export const multiOwnerPrepareDeleteRoute = defineSignerRoute({
  path: '/v1/multi-owner-prepare-delete',
  schema: z.object({ organizationId: organizationIdSchema, members: membersSchema }),
  async handle(ctx, request, body) {
    const { owners, quorum } = await findAppMultiOwner(ctx, request.app, body.organizationId)
    const userIds = body.members.map((member) => {
      const owner = owners.find((each) => each.evmSignerAddress === member.evmSignerAddress)
      if (!owner) throw multiOwnerErrors.memberNotFound(getAddress(member.evmSignerAddress))
      return owner.userId
    })
    if (userIds.length >= owners.length)
      throw multiOwnerErrors.invalidQuorum('an organization keeps at least one owner')
    const remaining = quorum.userIds.filter((id) => !userIds.includes(id))
    if (remaining.length === 0)
      throw multiOwnerErrors.invalidQuorum('the root quorum keeps at least one owner')
    const timestampMs = String(ctx.now())
    return {
      result: {
        updateRootQuorumRequest: {
          type: 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM',
          timestampMs,
          organizationId: body.organizationId,
          parameters: { threshold: Math.min(quorum.threshold, remaining.length), userIds: remaining },
        },
        deleteMembersRequest: {
          type: 'ACTIVITY_TYPE_DELETE_USERS',
          timestampMs,
          organizationId: body.organizationId,
          parameters: { userIds },
        },
      },
    }
  },
})
