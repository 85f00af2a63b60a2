import { z } from 'zod'
import { defineSignerRoute } from '../../../signin/defineSignerRoute.js'
import { stampedRequestSchema } from '../../../signin/signerSchemas.js'
import { countUnusedRecoveryCodes } from '../recovery/countUnusedRecoveryCodes.js'
import { verifyMfaStampedRequest } from '../verifyMfaStampedRequest.js'

/**
 * `POST /signer/v1/auth-list-recovery-codes {stampedRequest}` (marker `list_recovery_codes`, Sigil's
 * extension; docs/protocol.md): how many of the user's recovery codes are unused. Never the codes.
 */
export const listRecoveryCodesRoute = defineSignerRoute({
  path: '/v1/auth-list-recovery-codes',
  schema: z.object({ stampedRequest: stampedRequestSchema }),
  async handle(ctx, request, body): Promise<{ unusedRecoveryCodes: number }> {
    const { userId } = await verifyMfaStampedRequest(
      ctx,
      request.app,
      body.stampedRequest,
      'list_recovery_codes',
    )
    return { unusedRecoveryCodes: await countUnusedRecoveryCodes(ctx, { userId }) }
  },
})
