import { z } from 'zod'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { multiFactorsSchema, stampedRequestSchema } from '../../signin/signerSchemas.js'
import { updateContactAuth } from './updateContactAuth.js'

/**
 * `POST /signer/v1/update-email-auth {stampedRequest}`: sets the session's user's email with a
 * verification token of `/v1/verify-otp`, or removes it (`userEmail: ''`); see `updateContactAuth`.
 */
export const updateEmailAuthRoute = defineSignerRoute({
  path: '/v1/update-email-auth',
  schema: z.object({ stampedRequest: stampedRequestSchema, multiFactors: multiFactorsSchema }),
  handle: (ctx, request, body) => updateContactAuth(ctx, request, { channel: 'email', ...body }),
})
