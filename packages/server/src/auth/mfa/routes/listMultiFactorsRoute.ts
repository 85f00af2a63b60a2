import type { MultiFactor } from '@sigil/protocol'
import { z } from 'zod'
import { defineSignerRoute } from '../../../signin/defineSignerRoute.js'
import { stampedRequestSchema } from '../../../signin/signerSchemas.js'
import { listUserMultiFactors } from '../listUserMultiFactors.js'
import { verifyMfaStampedRequest } from '../verifyMfaStampedRequest.js'

/** `POST /signer/v1/auth-list-multi-factors {stampedRequest}` (marker `list_mfas`): the user's verified factors. */
export const listMultiFactorsRoute = defineSignerRoute({
  path: '/v1/auth-list-multi-factors',
  schema: z.object({ stampedRequest: stampedRequestSchema }),
  async handle(ctx, request, body): Promise<{ multiFactors: MultiFactor[] }> {
    const { userId } = await verifyMfaStampedRequest(ctx, request.app, body.stampedRequest, 'list_mfas')
    return { multiFactors: await listUserMultiFactors(ctx, { userId }) }
  },
})
