import { signerErrorCodes } from '@sigil/protocol'
import { z } from 'zod'
import { ApiError } from '../http/errors/ApiError.js'
import { parseWith } from '../http/parseWith.js'
import { defineSignerRoute } from '../signin/defineSignerRoute.js'
import { emailSignup, emailSignupSchema } from './email/index.js'
import { passkeySignup, passkeySignupSchema } from './passkey/index.js'
import { smsSignup, smsStartSchema } from './sms/index.js'

/**
 * `POST /signer/v1/signup`: with `passkey` a passkey sign-up, with `phone` an SMS sign-up (creates the
 * account and texts a code), otherwise an email sign-up (creates the account and sends a code or a link).
 */
export const signupRoute = defineSignerRoute({
  path: '/v1/signup',
  schema: z.record(z.string(), z.unknown()),
  async handle(ctx, request, body) {
    if ('passkey' in body) return passkeySignup(ctx, request, parseWith(passkeySignupSchema, body))
    if ('phone' in body) return smsSignup(ctx, request, parseWith(smsStartSchema, body))
    if ('email' in body) return emailSignup(ctx, request, parseWith(emailSignupSchema, body))
    throw new ApiError('INVALID_ARGUMENT', 'signup needs an email, a phone or a passkey', {
      errorCode: signerErrorCodes.INVALID_REQUEST,
    })
  },
})
