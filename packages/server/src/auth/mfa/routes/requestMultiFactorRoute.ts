import { z } from 'zod'
import { listVerifiedFactors } from '../../../kms/auth/listVerifiedFactors.js'
import { defineSignerRoute } from '../../../signin/defineSignerRoute.js'
import { multiFactorsSchema, stampedRequestSchema } from '../../../signin/signerSchemas.js'
import { enrollTotpFactor } from '../enrollTotpFactor.js'
import { mfaErrors } from '../mfaErrors.js'
import { requireMultiFactors } from '../requireMultiFactors.js'
import { verifyMfaStampedRequest } from '../verifyMfaStampedRequest.js'

/**
 * `POST /signer/v1/auth-request-multi-factor {stampedRequest, multiFactorType, multiFactors?}`
 * (marker `add_mfa`): starts a TOTP enrolment and answers `{multiFactorType:'totp', multiFactorId,
 * multiFactorTotpUrl}`. The factor gates sign-in only once `/v1/auth-verify-multi-factor` has
 * checked a first code. A user who already has a verified factor must send its current code in
 * `multiFactors` (the MFA gate: without it 400 `MFA_REQUIRED` with `data.multiFactors`); the new
 * factor then replaces the old one once verified (one verified TOTP factor per user).
 */
export const requestMultiFactorRoute = defineSignerRoute({
  path: '/v1/auth-request-multi-factor',
  schema: z.object({
    stampedRequest: stampedRequestSchema,
    multiFactorType: z.string().min(1).max(64),
    multiFactors: multiFactorsSchema,
  }),
  async handle(
    ctx,
    request,
    body,
  ): Promise<{ multiFactorType: 'totp'; multiFactorId: string; multiFactorTotpUrl: string }> {
    const { userId } = await verifyMfaStampedRequest(ctx, request.app, body.stampedRequest, 'add_mfa')
    if (body.multiFactorType !== 'totp') throw mfaErrors.unsupportedType(body.multiFactorType)
    const [current] = await listVerifiedFactors(ctx, { userId })
    if (current) await requireMultiFactors(ctx, { userId, multiFactors: body.multiFactors, ip: request.ip })
    const user = await ctx.store.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const factor = await enrollTotpFactor(ctx, {
      userId,
      issuer: request.app.name,
      label: user.email ?? userId,
      replacesFactorId: current?.multiFactorId,
    })
    return { multiFactorType: 'totp', ...factor }
  },
})
