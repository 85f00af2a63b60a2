import { z } from 'zod'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { consumeEmailCode } from '../email/consumeEmailCode.js'
import { emailErrors } from '../email/emailErrors.js'
import { mintVerificationToken } from './mintVerificationToken.js'

/**
 * `POST /signer/v1/verify-otp {otpId, otpCode}`: checks a code of `/v1/init-otp` (per-IP limited; a
 * wrong one is 400 `invalid OTP code`, counted as for sign-in codes) and uses it up, then answers
 * `{verificationToken}`: a JWT whose `contact` is the proven email or number, which
 * `/v1/update-email-auth` or `/v1/update-phone-auth` takes once. A sign-in code is refused here.
 */
export const verifyOtpRoute = defineSignerRoute({
  path: '/v1/verify-otp',
  schema: z.object({ otpId: z.string().min(1).max(128), otpCode: z.string().trim().max(64) }),
  async handle(ctx, request, body) {
    await ctx.rateLimits.codeChecksPerIp.consume(request.ip)
    const result = await consumeEmailCode(ctx, {
      otpId: body.otpId,
      secret: body.otpCode,
      kind: 'verify',
      appId: request.app.id,
    })
    if (!result.ok) throw result.dead ? emailErrors.deadOtpCode() : emailErrors.invalidOtpCode()
    const verificationToken = await mintVerificationToken(ctx, {
      contact: result.code.email,
      otpType: result.code.channel === 'sms' ? 'OTP_TYPE_SMS' : 'OTP_TYPE_EMAIL',
      appId: result.code.appId,
    })
    return { verificationToken }
  },
})
