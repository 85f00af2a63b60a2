import { z } from 'zod'
import { toSignerUser } from '../../users/toSignerUser.js'
import { defineSignerRoute } from '../defineSignerRoute.js'
import { stampedRequestSchema } from '../signerSchemas.js'
import { verifyStampedRequest } from '../verifyStampedRequest.js'

/**
 * `POST /signer/v1/whoami {stampedRequest}`: the user behind a session-key or passkey stamp. A
 * passkey login names the root organization; the user is found from the credential.
 */
export const whoamiRoute = defineSignerRoute({
  path: '/v1/whoami',
  schema: z.object({ stampedRequest: stampedRequestSchema }),
  async handle(ctx, request, body) {
    const { principal } = await verifyStampedRequest(ctx, request.app, body.stampedRequest, {
      allowParentTarget: true,
    })
    return toSignerUser(ctx, { userId: principal.userId })
  },
})
