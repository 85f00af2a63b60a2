import { z } from 'zod'
import { parseWith } from '../http/parseWith.js'
import { defineSignerRoute } from '../signin/defineSignerRoute.js'
import { emailAuth, emailAuthSchema } from './email/index.js'
import { smsAuth, smsStartSchema } from './sms/index.js'

/**
 * `POST /signer/v1/auth`: with `phone` an SMS sign-in (texts a code), otherwise an email sign-in
 * (mails a code or a link). Both answer `{orgId, otpId?}`; `/v1/otp` takes either code.
 */
export const authRoute = defineSignerRoute({
  path: '/v1/auth',
  schema: z.record(z.string(), z.unknown()),
  async handle(ctx, request, body) {
    if ('phone' in body) return smsAuth(ctx, request, parseWith(smsStartSchema, body))
    return emailAuth(ctx, request, parseWith(emailAuthSchema, body))
  },
})
