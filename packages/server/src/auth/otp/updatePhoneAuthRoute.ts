import { z } from 'zod'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { multiFactorsSchema, stampedRequestSchema } from '../../signin/signerSchemas.js'
import { updateContactAuth } from './updateContactAuth.js'

/**
 * `POST /signer/v1/update-phone-auth {stampedRequest}`: sets the session's user's phone number with a
 * verification token of `/v1/verify-otp`, or removes it (`userPhoneNumber: ''`); see `updateContactAuth`.
 */
export const updatePhoneAuthRoute = defineSignerRoute({
  path: '/v1/update-phone-auth',
  schema: z.object({ stampedRequest: stampedRequestSchema, multiFactors: multiFactorsSchema }),
  handle: (ctx, request, body) => updateContactAuth(ctx, request, { channel: 'sms', ...body }),
})
