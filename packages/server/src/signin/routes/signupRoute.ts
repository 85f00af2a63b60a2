import { z } from 'zod'
import { emailSignup } from '../../auth/email/emailSignup.js'
import { emailSignupSchema } from '../../auth/email/emailSignupSchema.js'
import { passkeySignup } from '../../auth/passkey/passkeySignup.js'
import { passkeySignupSchema } from '../../auth/passkey/passkeySignupSchema.js'
import { ApiError } from '../../http/errors/ApiError.js'
import { parseWith } from '../../http/parseWith.js'
import { defineSignerRoute } from '../defineSignerRoute.js'

/**
 * `POST /signer/v1/signup`: with `passkey` a passkey sign-up, otherwise an email sign-up (creates the
 * account and sends a code or a link).
 */
export const signupRoute = defineSignerRoute({
  path: '/v1/signup',
  schema: z.record(z.string(), z.unknown()),
  async handle(ctx, request, body) {
    if ('passkey' in body) return passkeySignup(ctx, request, parseWith(passkeySignupSchema, body))
    if ('email' in body) return emailSignup(ctx, request, parseWith(emailSignupSchema, body))
    throw new ApiError('INVALID_ARGUMENT', 'signup needs an email or a passkey', {
      errorCode: 'INVALID_REQUEST',
    })
  },
})
