import { z } from 'zod'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { stampedRequestSchema } from '../../signin/signerSchemas.js'
import { ownerActivities } from '../activities/ownerActivities.js'
import { authenticateOwnerRequest } from '../authenticateOwnerRequest.js'
import { submitOwnerActivity } from '../consensus/submitOwnerActivity.js'

/**
 * `POST /signer/v1/multi-owner-delete {stampedRequest}`: an owner's stamped `ACTIVITY_TYPE_DELETE_USERS`
 * of owners outside the root quorum, run once the quorum approved it. Answers the deleted user ids.
 */
export const multiOwnerDeleteRoute = defineSignerRoute({
  path: '/v1/multi-owner-delete',
  schema: z.object({ stampedRequest: stampedRequestSchema }),
  async handle(ctx, request, body) {
    const owner = await authenticateOwnerRequest(ctx, request.app, body.stampedRequest)
    const activity = await submitOwnerActivity(ctx, owner, ownerActivities.deleteUsers)
    return {
      result: { deletedUserIds: (activity.result.deleteUsersResult as { userIds: string[] }).userIds },
    }
  },
})
