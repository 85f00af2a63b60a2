import { z } from 'zod'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { authMethodErrors } from './authMethodErrors.js'
import { findExportActivity } from './findExportActivity.js'

/**
 * `POST /signer/v1/track-key-export {orgId, accountAddress, type}`: records that the user exported an
 * account's key (docs/protocol.md#sign-in-methods). Account Kit 4.88 sends it unstamped after an
 * export, so the request itself proves nothing: it is recorded only when the server saw that export,
 * an `export_wallet_account` (or `export_wallet` of its wallet) completed in that organization of
 * this app within the last 10 minutes, stamped by its user. One row per export activity and address;
 * anything else is 404 `KEY_EXPORT_NOT_FOUND`, whoever asks. Limited per IP like `/v1/lookup`.
 */
export const trackKeyExportRoute = defineSignerRoute({
  path: '/v1/track-key-export',
  schema: z.object({
    orgId: z.string().min(1).max(128),
    accountAddress: z.string().min(1).max(128),
    type: z.enum(['ETH', 'SOL']),
  }),
  async handle(ctx, request, body): Promise<Record<string, never>> {
    await ctx.rateLimits.lookupsPerIp.consume(request.ip)
    const found = await findExportActivity(ctx, {
      appId: request.app.id,
      organizationId: body.orgId,
      address: body.accountAddress,
      type: body.type,
    })
    if (!found) throw authMethodErrors.exportNotFound()
    const now = ctx.now()
    await ctx.batcher.run((trx) =>
      trx
        .insertInto('key_exports')
        .values({
          activity_id: found.activityId,
          address: found.address,
          organization_id: body.orgId,
          user_id: found.userId,
          type: body.type,
          tracked_at: now,
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute(),
    )
    return {}
  },
})
