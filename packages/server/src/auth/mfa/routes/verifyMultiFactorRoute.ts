import type { MultiFactor } from '@sigil/protocol'
import { z } from 'zod'
import { defineSignerRoute } from '../../../signin/defineSignerRoute.js'
import { stampedRequestSchema } from '../../../signin/signerSchemas.js'
import { listUserMultiFactors } from '../listUserMultiFactors.js'
import { verifySmsFactor } from '../sms/verifySmsFactor.js'
import { verifyMfaStampedRequest } from '../verifyMfaStampedRequest.js'
import { verifyTotpFactor } from '../verifyTotpFactor.js'

/**
 * `POST /signer/v1/auth-verify-multi-factor {stampedRequest, multiFactorId, multiFactorCode}`
 * (marker `verify_mfa`): checks the first code of an enrolment (the authenticator app's code for
 * `totp`, the texted code for `sms`) and marks the factor verified;
 * answers the verified factors, and once, for the user's first factor, the 10 recovery codes
 * (`recoveryCodes`, Sigil's extension; docs/protocol.md). A wrong code answers 401 `Invalid MFA code`.
 */
export const verifyMultiFactorRoute = defineSignerRoute({
  path: '/v1/auth-verify-multi-factor',
  schema: z.object({
    stampedRequest: stampedRequestSchema,
    multiFactorId: z.string().min(1).max(128),
    // Any short string: a malformed code is answered like a wrong one (`Invalid MFA code`).
    multiFactorCode: z.string().max(16),
  }),
  async handle(ctx, request, body): Promise<{ multiFactors: MultiFactor[]; recoveryCodes?: string[] }> {
    const { userId } = await verifyMfaStampedRequest(ctx, request.app, body.stampedRequest, 'verify_mfa')
    const factor = await ctx.store.db
      .selectFrom('mfa_factors')
      .select('type')
      .where('id', '=', body.multiFactorId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    const verify = factor?.type === 'sms' ? verifySmsFactor : verifyTotpFactor
    const { recoveryCodes } = await verify(ctx, {
      userId,
      multiFactorId: body.multiFactorId,
      multiFactorCode: body.multiFactorCode,
      ip: request.ip,
    })
    const multiFactors = await listUserMultiFactors(ctx, { userId })
    return recoveryCodes ? { multiFactors, recoveryCodes } : { multiFactors }
  },
})
