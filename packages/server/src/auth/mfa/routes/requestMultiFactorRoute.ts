import { z } from 'zod'
import { listVerifiedMultiFactors } from '../../../kms/auth/listVerifiedMultiFactors.js'
import { defineSignerRoute } from '../../../signin/defineSignerRoute.js'
import { multiFactorsSchema, stampedRequestSchema } from '../../../signin/signerSchemas.js'
import { enrollTotpFactor } from '../enrollTotpFactor.js'
import { mfaErrors } from '../mfaErrors.js'
import { requireMultiFactors } from '../requireMultiFactors.js'
import { enrollSmsFactor } from '../sms/enrollSmsFactor.js'
import { verifyMfaStampedRequest } from '../verifyMfaStampedRequest.js'

/**
 * `POST /signer/v1/auth-request-multi-factor {stampedRequest, multiFactorType, multiFactors?}`
 * (marker `add_mfa`): starts an enrolment. `totp` answers `{multiFactorType:'totp', multiFactorId,
 * multiFactorTotpUrl}`; `sms` (Sigil's extension, docs/protocol.md "Text-message codes") texts a first
 * code to the user's proven phone number and answers `{multiFactorType:'sms', multiFactorId}` (400
 * `PHONE_REQUIRED` without a proven number). The factor gates sign-in only once
 * `/v1/auth-verify-multi-factor` has checked a first code. A user who already has a verified factor
 * must send a current code in `multiFactors` (the MFA gate: without it 400 `MFA_REQUIRED` with
 * `data.multiFactors`); a new factor replaces the verified one of its type once verified (one
 * verified factor per type and user).
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
  ): Promise<
    | { multiFactorType: 'totp'; multiFactorId: string; multiFactorTotpUrl: string }
    | { multiFactorType: 'sms'; multiFactorId: string }
  > {
    const { userId } = await verifyMfaStampedRequest(ctx, request.app, body.stampedRequest, 'add_mfa')
    const type = body.multiFactorType
    if (type !== 'totp' && type !== 'sms') throw mfaErrors.unsupportedType(type)
    const factors = await listVerifiedMultiFactors(ctx, { userId })
    if (factors.length > 0)
      await requireMultiFactors(ctx, {
        userId,
        multiFactors: body.multiFactors,
        ip: request.ip,
        smsScope: 'session',
      })
    const replacesFactorId = factors.find((factor) => factor.multiFactorType === type)?.multiFactorId
    if (type === 'sms') {
      const { multiFactorId } = await enrollSmsFactor(ctx, {
        app: request.app,
        ip: request.ip,
        userId,
        replacesFactorId,
      })
      return { multiFactorType: 'sms', multiFactorId }
    }
    const user = await ctx.store.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const factor = await enrollTotpFactor(ctx, {
      userId,
      issuer: request.app.name,
      label: user.email ?? userId,
      replacesFactorId,
    })
    return { multiFactorType: 'totp', ...factor }
  },
})
