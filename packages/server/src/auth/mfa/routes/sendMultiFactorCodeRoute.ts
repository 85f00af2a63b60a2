import { z } from 'zod'
import { defineSignerRoute } from '../../../signin/defineSignerRoute.js'
import { stampedRequestSchema } from '../../../signin/signerSchemas.js'
import { mfaErrors } from '../mfaErrors.js'
import { readMfaToken } from '../readMfaToken.js'
import { issueSmsFactorCode } from '../sms/issueSmsFactorCode.js'
import { verifyMfaStampedRequest } from '../verifyMfaStampedRequest.js'

const multiFactorIdSchema = z.string().min(1).max(128)

/**
 * `POST /signer/v1/auth-send-multi-factor-code` (Sigil's extension; docs/protocol.md, "Text-message
 * codes"): texts a code for one of the user's text-message (`sms`) factors to that factor's number.
 *
 * - `{encryptedPayload, multiFactorId}` (not stamped): for a sign-in that was answered `MFA_REQUIRED`;
 *   the code is accepted by `/v1/auth-validate-multi-factors` with that same token only, and dies with
 *   it. The factor must be a verified `sms` factor of the token's user.
 * - `{stampedRequest, multiFactorId}` (marker `send_mfa_code`): for the signed-in user, whose MFA-gated
 *   routes (`multiFactors`) then accept it; for the user's own factor still waiting for its first code,
 *   a new enrolment code instead.
 *
 * The number is always the factor's own, never one the request names; another user's factor is 404.
 * Limits as SMS sign-in codes: sends per number and per IP, the code's lifetime and 3 wrong tries.
 * Answers `{}`.
 */
export const sendMultiFactorCodeRoute = defineSignerRoute({
  path: '/v1/auth-send-multi-factor-code',
  schema: z.union([
    z.object({ encryptedPayload: z.string().min(1).max(4096), multiFactorId: multiFactorIdSchema }).strict(),
    z.object({ stampedRequest: stampedRequestSchema, multiFactorId: multiFactorIdSchema }).strict(),
  ]),
  async handle(ctx, request, body): Promise<Record<string, never>> {
    let userId: string
    let pending: { jti: string; expiresAt: number } | undefined
    if ('encryptedPayload' in body) {
      const token = await readMfaToken(ctx, body.encryptedPayload)
      userId = token.payload.userId
      pending = { jti: token.jti, expiresAt: token.expiresAt }
    } else {
      ;({ userId } = await verifyMfaStampedRequest(ctx, request.app, body.stampedRequest, 'send_mfa_code'))
    }
    const factor = await ctx.store.db
      .selectFrom('mfa_factors')
      .select(['id', 'phone', 'verified'])
      .where('id', '=', body.multiFactorId)
      .where('user_id', '=', userId)
      .where('type', '=', 'sms')
      .executeTakeFirst()
    // A pending login's code is for a factor that gates it: a verified one.
    if (!factor?.phone || (pending && factor.verified !== 1)) throw mfaErrors.factorNotFound()
    const scope = pending ? `login:${pending.jti}` : factor.verified === 1 ? 'session' : 'enroll'
    await issueSmsFactorCode(ctx, {
      app: request.app,
      ip: request.ip,
      factor: { id: factor.id, userId, phone: factor.phone },
      scope,
      notAfter: pending?.expiresAt,
    })
    return {}
  },
})
