import { z } from 'zod'
import { listVerifiedMultiFactors } from '../../../kms/auth/listVerifiedMultiFactors.js'
import { defineSignerRoute } from '../../../signin/defineSignerRoute.js'
import { multiFactorsSchema, stampedRequestSchema } from '../../../signin/signerSchemas.js'
import { mfaErrors } from '../mfaErrors.js'
import { issueRecoveryCodes } from '../recovery/issueRecoveryCodes.js'
import { requireMultiFactors } from '../requireMultiFactors.js'
import { verifyMfaStampedRequest } from '../verifyMfaStampedRequest.js'

/**
 * `POST /signer/v1/auth-generate-recovery-codes {stampedRequest, multiFactors}` (marker
 * `generate_recovery_codes`, Sigil's extension; docs/protocol.md): 10 new recovery codes that
 * replace all the user's earlier ones, answered this once. Behind the MFA gate (a current TOTP code
 * or a recovery code in `multiFactors`: a stolen session alone cannot read fresh codes); a user
 * without a verified factor has no codes to make (400 `MFA_FACTOR_NOT_FOUND`).
 */
export const generateRecoveryCodesRoute = defineSignerRoute({
  path: '/v1/auth-generate-recovery-codes',
  schema: z.object({ stampedRequest: stampedRequestSchema, multiFactors: multiFactorsSchema }),
  async handle(ctx, request, body): Promise<{ recoveryCodes: string[] }> {
    const { userId } = await verifyMfaStampedRequest(
      ctx,
      request.app,
      body.stampedRequest,
      'generate_recovery_codes',
    )
    const factors = await listVerifiedMultiFactors(ctx, { userId })
    if (factors.length === 0) throw mfaErrors.noFactorForRecoveryCodes()
    await requireMultiFactors(ctx, {
      userId,
      multiFactors: body.multiFactors,
      ip: request.ip,
      smsScope: 'session',
    })
    const recoveryCodes = await ctx.batcher.run((trx) => issueRecoveryCodes(ctx, trx, { userId }))
    return { recoveryCodes }
  },
})
