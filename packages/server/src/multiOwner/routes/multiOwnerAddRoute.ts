import { getAddress } from 'viem'
import { z } from 'zod'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { stampedRequestSchema } from '../../signin/signerSchemas.js'
import { ownerActivities } from '../activities/ownerActivities.js'
import { authenticateOwnerRequest } from '../authenticateOwnerRequest.js'
import { submitOwnerActivity } from '../consensus/submitOwnerActivity.js'
import { listOwners } from '../listOwners.js'
import { readRootQuorum } from '../readRootQuorum.js'

/**
 * `POST /signer/v1/multi-owner-add {stampedRequest}`: an owner's stamped `create_users`, run once the
 * root quorum approved (`ACTIVITY_CONSENSUS_NEEDED` until then). Answers every owner and the
 * `update_root_quorum` request that puts the new owners in the quorum, for an owner to stamp.
 */
export const multiOwnerAddRoute = defineSignerRoute({
  path: '/v1/multi-owner-add',
  schema: z.object({ stampedRequest: stampedRequestSchema }),
  async handle(ctx, request, body) {
    const owner = await authenticateOwnerRequest(ctx, request.app, body.stampedRequest)
    const activity = await submitOwnerActivity(ctx, owner, ownerActivities.createUsers)
    const { userIds } = activity.result.createUsersResult as { userIds: string[] }
    const [owners, quorum] = await Promise.all([
      listOwners(ctx.store.db, owner.organizationId),
      readRootQuorum(ctx.store.db, owner.organizationId),
    ])
    const stillOwners = new Set(owners.map((each) => each.userId))
    return {
      result: {
        members: owners.map((each) => ({ evmSignerAddress: getAddress(each.evmSignerAddress) })),
        updateRootQuorumRequest: {
          type: 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM',
          timestampMs: String(ctx.now()),
          organizationId: owner.organizationId,
          parameters: {
            threshold: quorum.threshold,
            userIds: [...new Set([...quorum.userIds, ...userIds])].filter((id) => stillOwners.has(id)),
          },
        },
      },
    }
  },
})
