import type { z } from 'zod'
import type { App } from '../apps/App.js'
import { authenticationErrors } from '../kms/auth/authenticationErrors.js'
import type { SigilContext } from '../SigilContext.js'
import type { stampedRequestSchema } from '../signin/signerSchemas.js'
import { authenticateOwnerStamp, type OwnerStamp } from './authenticateOwnerStamp.js'

/**
 * {@link authenticateOwnerStamp} for a `/signer` route's `stampedRequest` (`{body, stamp, url}`; `url`
 * is ignored). The organization must belong to `app`.
 *
 * @example
 * const owner = await authenticateOwnerRequest(ctx, request.app, body.stampedRequest)
 */
export async function authenticateOwnerRequest(
  ctx: SigilContext,
  app: App,
  stampedRequest: z.output<typeof stampedRequestSchema>,
): Promise<OwnerStamp> {
  if (stampedRequest.stamp.stampHeaderName.toLowerCase() !== 'x-stamp')
    throw authenticationErrors.missingStamp()
  return authenticateOwnerStamp(ctx, {
    app,
    body: stampedRequest.body,
    header: (name) => (name.toLowerCase() === 'x-stamp' ? stampedRequest.stamp.stampHeaderValue : undefined),
  })
}
