import { z } from 'zod'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { multiFactorsSchema, stampedRequestSchema } from '../../signin/signerSchemas.js'
import { requireMultiFactors } from '../mfa/requireMultiFactors.js'
import { verifyMfaStampedRequest } from '../mfa/verifyMfaStampedRequest.js'
import { accountErrors } from './accountErrors.js'
import { eraseAccount } from './eraseAccount.js'
import { requireFreshSignIn } from './requireFreshSignIn.js'

/**
 * `POST /signer/v1/delete-account {stampedRequest, multiFactors}` (marker `delete_account`, Sigil's
 * extension; docs/protocol.md, "Deleting an account"): erases the user's organization and everything
 * in it (`eraseAccount`). Needs the user's own credential (not a parent organization's key), a fresh
 * sign-in (`requireFreshSignIn`), and the MFA gate for a user with two-factor. An organization with
 * other users (a multi-owner wallet) is refused: it is not the user's alone to delete.
 */
export const deleteAccountRoute = defineSignerRoute({
  path: '/v1/delete-account',
  schema: z.object({ stampedRequest: stampedRequestSchema, multiFactors: multiFactorsSchema }),
  async handle(ctx, request, body): Promise<{ deleted: true }> {
    const { userId, organizationId, principal } = await verifyMfaStampedRequest(
      ctx,
      request.app,
      body.stampedRequest,
      'delete_account',
    )
    await requireFreshSignIn(ctx, principal)
    const others = await ctx.store.db
      .selectFrom('users')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('id', '!=', userId)
      .limit(1)
      .execute()
    if (others.length > 0) throw accountErrors.otherOwners()
    await requireMultiFactors(ctx, {
      userId,
      multiFactors: body.multiFactors,
      ip: request.ip,
      smsScope: 'session',
    })
    await ctx.apiKeyCache.writing(() =>
      ctx.batcher.run((trx) => eraseAccount(trx, { organizationId, userId })),
    )
    return { deleted: true }
  },
})
