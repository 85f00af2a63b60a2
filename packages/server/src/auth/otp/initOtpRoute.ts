import { z } from 'zod'
import { parseWith } from '../../http/parseWith.js'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { emailSchema, phoneSchema } from '../../signin/signerSchemas.js'
import { issueEmailCode } from '../email/issueEmailCode.js'

/**
 * `POST /signer/v1/init-otp {contact, otpType}`: sends a 6-digit code to an email
 * (`OTP_TYPE_EMAIL`) or a phone number (`OTP_TYPE_SMS`, E.164 after parsing) that proves control of
 * it and signs in nobody: `/v1/verify-otp` trades it for a verification token. The same code, limits
 * (sends per contact and per IP, lifetime, 3 tries, a daily cap of wrong codes per contact) as a
 * sign-in code. Answers `{otpId}`.
 */
export const initOtpRoute = defineSignerRoute({
  path: '/v1/init-otp',
  schema: z.object({ contact: z.string().max(320), otpType: z.enum(['OTP_TYPE_SMS', 'OTP_TYPE_EMAIL']) }),
  async handle(ctx, request, body) {
    const sms = body.otpType === 'OTP_TYPE_SMS'
    const contact = sms
      ? parseWith(z.object({ contact: phoneSchema }), body).contact
      : parseWith(z.object({ contact: emailSchema }), body).contact
    const issued = await issueEmailCode(ctx, {
      app: request.app,
      ip: request.ip,
      email: contact,
      channel: sms ? 'sms' : 'email',
    })
    return { otpId: issued.otpId }
  },
})
