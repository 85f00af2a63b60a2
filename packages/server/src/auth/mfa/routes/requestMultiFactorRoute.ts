import { z } from 'zod'
import { defineSignerRoute } from '../../../signer/defineSignerRoute.js'
import { stampedRequestSchema } from '../../../signer/signerSchemas.js'
import { enrollTotpFactor } from '../enrollTotpFactor.js'
import { mfaErrors } from '../mfaErrors.js'
import { verifyMfaStampedRequest } from '../verifyMfaStampedRequest.js'

/**
 * `POST /signer/v1/auth-request-multi-factor {stampedRequest, multiFactorType}` (marker `add_mfa`):
 * starts a TOTP enrolment and answers `{multiFactorType:'totp', multiFactorId, multiFactorTotpUrl}`.
 * The factor gates sign-in only once `/v1/auth-verify-multi-factor` has checked a first code.
 */
export const requestMultiFactorRoute = defineSignerRoute({
  path: '/v1/auth-request-multi-factor',
  schema: z.object({ stampedRequest: stampedRequestSchema, multiFactorType: z.string().min(1).max(64) }),
  async handle(
    ctx,
    request,
    body,
  ): Promise<{ multiFactorType: 'totp'; multiFactorId: string; multiFactorTotpUrl: string }> {
    const { userId } = await verifyMfaStampedRequest(ctx, request.app, body.stampedRequest, 'add_mfa')
    if (body.multiFactorType !== 'totp') throw mfaErrors.unsupportedType(body.multiFactorType)
    const user = await ctx.store.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const factor = await enrollTotpFactor(ctx, {
      userId,
      issuer: request.app.name,
      label: user.email ?? userId,
    })
    return { multiFactorType: 'totp', ...factor }
  },
})
