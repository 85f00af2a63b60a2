import { z } from 'zod'
import { findUserByEmail } from '../../users/findUserByEmail.js'
import { findUserByPhone } from '../../users/findUserByPhone.js'
import { defineSignerRoute } from '../defineSignerRoute.js'
import { emailSchema, phoneSchema } from '../signerSchemas.js'

/**
 * `POST /signer/v1/lookup {email}` or `{phone}`: the sub-organization of the app's user that has
 * proven that email or phone number, or null (one stored unproven, e.g. by a passkey sign-up or an
 * SMS sign-up never confirmed, answers null). Public by design
 * (Account Kit's UI picks sign-up or sign-in with it), so limited per client IP against bulk probing.
 */
export const lookupRoute = defineSignerRoute({
  path: '/v1/lookup',
  schema: z
    .object({ email: emailSchema.optional(), phone: phoneSchema.optional() })
    .refine((body) => (body.email === undefined) !== (body.phone === undefined), {
      message: 'lookup needs an email or a phone, not both',
    }),
  async handle(ctx, request, body): Promise<{ orgId: string | null }> {
    await ctx.rateLimits.lookupsPerIp.consume(request.ip)
    const user =
      body.phone !== undefined
        ? await findUserByPhone(ctx, request.app, body.phone)
        : await findUserByEmail(ctx, request.app, body.email ?? '')
    return { orgId: user?.organizationId ?? null }
  },
})
