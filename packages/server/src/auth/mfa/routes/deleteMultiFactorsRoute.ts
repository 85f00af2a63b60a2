import type { MultiFactor } from '@sigil/protocol'
import { z } from 'zod'
import { defineSignerRoute } from '../../../signin/defineSignerRoute.js'
import { multiFactorsSchema, stampedRequestSchema } from '../../../signin/signerSchemas.js'
import { deleteMultiFactors } from '../deleteMultiFactors.js'
import { listUserMultiFactors } from '../listUserMultiFactors.js'
import { requireMultiFactors } from '../requireMultiFactors.js'
import { verifyMfaStampedRequest } from '../verifyMfaStampedRequest.js'

/**
 * `POST /signer/v1/auth-delete-multi-factors {stampedRequest, multiFactorIds, multiFactors?}`
 * (marker `delete_mfas`): deletes the user's factors with those ids (404, nothing deleted, if one is
 * not the user's) and answers the verified factors left. A user with a verified factor must send its
 * current code in `multiFactors` (the MFA gate: without it 400 `MFA_REQUIRED` with
 * `data.multiFactors`, a wrong one 401 `Invalid MFA code`): a stolen session alone cannot turn
 * two-factor sign-in off (docs/security.md).
 */
export const deleteMultiFactorsRoute = defineSignerRoute({
  path: '/v1/auth-delete-multi-factors',
  schema: z.object({
    stampedRequest: stampedRequestSchema,
    multiFactorIds: z.array(z.string().min(1).max(128)).max(10),
    multiFactors: multiFactorsSchema,
  }),
  async handle(ctx, request, body): Promise<{ multiFactors: MultiFactor[] }> {
    const { userId } = await verifyMfaStampedRequest(ctx, request.app, body.stampedRequest, 'delete_mfas')
    await requireMultiFactors(ctx, {
      userId,
      multiFactors: body.multiFactors,
      ip: request.ip,
      smsScope: 'session',
    })
    await deleteMultiFactors(ctx, { userId, multiFactorIds: body.multiFactorIds })
    return { multiFactors: await listUserMultiFactors(ctx, { userId }) }
  },
})
