import { z } from 'zod'
import { defineSignerRoute } from '../defineSignerRoute.js'
import { findUserByEmail } from '../findUserByEmail.js'
import { emailSchema } from '../signerSchemas.js'

/** `POST /signer/v1/lookup {email}`: the sub-organization of the app's user with that email, or null. */
export const lookupRoute = defineSignerRoute({
  path: '/v1/lookup',
  schema: z.object({ email: emailSchema }),
  async handle(ctx, request, body): Promise<{ orgId: string | null }> {
    const user = await findUserByEmail(ctx, request.app, body.email)
    return { orgId: user?.organizationId ?? null }
  },
})
