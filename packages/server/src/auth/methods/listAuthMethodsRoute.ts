import type { AuthMethods } from '@sigil/protocol'
import { z } from 'zod'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { stampedRequestSchema } from '../../signin/signerSchemas.js'
import { authMethodErrors } from './authMethodErrors.js'
import { maskAuthMethods } from './maskAuthMethods.js'
import { readAuthMethods } from './readAuthMethods.js'
import { verifyOwnStampedActivity } from './verifyOwnStampedActivity.js'

const schema = z.union([
  z.object({ stampedRequest: stampedRequestSchema }),
  z.object({ suborgId: z.string().min(1).max(128) }),
])

/**
 * `POST /signer/v1/list-auth-methods`: the user's email, phone, OAuth providers and passkeys
 * (docs/protocol.md#sign-in-methods). With `{stampedRequest}` (a `sign_raw_payload` stamped by the
 * user's own credential, marker `list_auth_methods`; Sigil's SDK) the list is whole. Account Kit
 * 4.88 sends `{suborgId}` alone, which proves no session: that form answers only for an
 * organization of this app, counts against the per-IP lookup limit, and masks the email, phone and
 * names ({@link maskAuthMethods}), so an organization id alone reveals no one's contact details.
 */
export const listAuthMethodsRoute = defineSignerRoute({
  path: '/v1/list-auth-methods',
  schema,
  async handle(ctx, request, body): Promise<AuthMethods> {
    if ('stampedRequest' in body) {
      const { userId } = await verifyOwnStampedActivity(ctx, request.app, body.stampedRequest, {
        type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        marker: 'list_auth_methods',
      })
      return readAuthMethods(ctx, { userId })
    }
    await ctx.rateLimits.lookupsPerIp.consume(request.ip)
    const user = await ctx.store.db
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.organization_id')
      .select('users.id')
      .where('organizations.id', '=', body.suborgId)
      .where('organizations.app_id', '=', request.app.id)
      .orderBy('users.created_at')
      .executeTakeFirst()
    if (!user) throw authMethodErrors.organizationNotFound()
    return maskAuthMethods(await readAuthMethods(ctx, { userId: user.id }))
  },
})
