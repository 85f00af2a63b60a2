import type { SignRawPayloadResult } from '@sigil/protocol'
import { z } from 'zod'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { stampedRequestSchema } from '../../signin/signerSchemas.js'
import { ownerActivities } from '../activities/ownerActivities.js'
import { authenticateOwnerRequest } from '../authenticateOwnerRequest.js'
import { submitOwnerActivity } from '../consensus/submitOwnerActivity.js'

/**
 * `POST /signer/v1/multi-owner-sign-raw-payload {stampedRequest}`: an owner's stamped
 * `ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2` by the organization's wallet. With a threshold above 1 the
 * answer is `ACTIVITY_CONSENSUS_NEEDED` until the other owners approve; the same stamped request
 * sent again then answers the signature.
 */
export const multiOwnerSignRawPayloadRoute = defineSignerRoute({
  path: '/v1/multi-owner-sign-raw-payload',
  schema: z.object({ stampedRequest: stampedRequestSchema }),
  async handle(ctx, request, body) {
    const owner = await authenticateOwnerRequest(ctx, request.app, body.stampedRequest)
    const activity = await submitOwnerActivity(ctx, owner, ownerActivities.signRawPayload)
    return {
      result: { signRawPayloadResult: activity.result.signRawPayloadResult as SignRawPayloadResult },
    }
  },
})
