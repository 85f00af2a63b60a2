import type { AccountData } from '@sigil/protocol'
import { z } from 'zod'
import { defineSignerRoute } from '../../signin/defineSignerRoute.js'
import { stampedRequestSchema } from '../../signin/signerSchemas.js'
import { verifyMfaStampedRequest } from '../mfa/verifyMfaStampedRequest.js'
import { readAccountData } from './readAccountData.js'

/**
 * `POST /signer/v1/export-account-data {stampedRequest}` (marker `export_account_data`, Sigil's
 * extension; docs/protocol.md, "Deleting an account"): what the server holds about the user, as JSON
 * (`readAccountData`), for the user's own credential only.
 */
export const exportAccountDataRoute = defineSignerRoute({
  path: '/v1/export-account-data',
  schema: z.object({ stampedRequest: stampedRequestSchema }),
  async handle(ctx, request, body): Promise<AccountData> {
    const { userId, organizationId } = await verifyMfaStampedRequest(
      ctx,
      request.app,
      body.stampedRequest,
      'export_account_data',
    )
    return readAccountData(ctx, { organizationId, userId })
  },
})
