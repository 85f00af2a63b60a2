import { z } from 'zod'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { stampedRequestSchema } from '../../signin/signerSchemas.js'
import { ownerActivities } from '../activities/ownerActivities.js'
import { authenticateOwnerRequest } from '../authenticateOwnerRequest.js'
import { submitOwnerActivity } from '../consensus/submitOwnerActivity.js'

/**
 * `POST /signer/v1/multi-owner-update-root-quorum {stampedRequest}`: an owner's stamped
 * `ACTIVITY_TYPE_UPDATE_ROOT_QUORUM`, run once the current quorum approved it.
 */
export const multiOwnerUpdateRootQuorumRoute = defineSignerRoute({
  path: '/v1/multi-owner-update-root-quorum',
  schema: z.object({ stampedRequest: stampedRequestSchema }),
  async handle(ctx, request, body) {
    const owner = await authenticateOwnerRequest(ctx, request.app, body.stampedRequest)
    const activity = await submitOwnerActivity(ctx, owner, ownerActivities.updateRootQuorum)
    return { result: (activity.result.updateRootQuorumResult as Record<string, unknown>) ?? {} }
  },
})
