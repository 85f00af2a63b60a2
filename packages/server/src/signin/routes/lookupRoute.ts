import { z } from 'zod'
import { findUserByEmail } from '../../users/findUserByEmail.js'
import { defineSignerRoute } from '../defineSignerRoute.js'
import { emailSchema } from '../signerSchemas.js'

/**
 * `POST /signer/v1/lookup {email}`: the sub-organization of the app's user that has proven that email,
 * or null (an email stored unproven, e.g. by a passkey sign-up, answers null). Public by design
 * (Account Kit's UI picks sign-up or sign-in with it), so limited per client IP against bulk probing.
 */
export const lookupRoute = defineSignerRoute({
  path: '/v1/lookup',
  schema: z.object({ email: emailSchema }),
  async handle(ctx, request, body): Promise<{ orgId: string | null }> {
    await ctx.rateLimits.lookupsPerIp.consume(request.ip)
    const user = await findUserByEmail(ctx, request.app, body.email)
    return { orgId: user?.organizationId ?? null }
  },
})
