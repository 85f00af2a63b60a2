import { signerErrorCodes } from '@sigil/protocol'
import type { z } from 'zod'
import type { App } from '../apps/App.js'
import { ApiError } from '../http/errors/ApiError.js'
import { parseJsonBody } from '../http/parseJsonBody.js'
import { type AuthenticatedRequest, authenticateRequest } from '../kms/auth/authenticateRequest.js'
import type { SigilContext } from '../SigilContext.js'
import type { stampedRequestSchema } from './signerSchemas.js'

export type VerifiedStampedRequest = AuthenticatedRequest & {
  /** The parsed `body` of the stamped request. */
  json: Record<string, unknown>
}

/**
 * Checks a `stampedRequest` (`{body, stamp, url}`) through the key-management module's one
 * authentication path, over the exact `body` string; `url` is ignored (clients put the hosted key
 * API's URL there). The user must belong to `app` (or be a user made outside the sign-in service).
 *
 * @example
 * const { principal, json } = await verifyStampedRequest(ctx, app, body.stampedRequest, { allowParentTarget: true })
 */
export async function verifyStampedRequest(
  ctx: SigilContext,
  app: App,
  stampedRequest: z.output<typeof stampedRequestSchema>,
  options: { allowParentTarget?: boolean } = {},
): Promise<VerifiedStampedRequest> {
  const json = parseJsonBody(stampedRequest.body, {
    errorCode: signerErrorCodes.INVALID_REQUEST,
    malformedMessage: 'stampedRequest.body is not JSON',
  })
  const organizationId = (json as { organizationId?: unknown } | null)?.organizationId
  if (typeof organizationId !== 'string' || !organizationId)
    throw new ApiError('INVALID_ARGUMENT', 'stampedRequest.body has no organizationId', {
      errorCode: signerErrorCodes.INVALID_REQUEST,
    })
  const headerName = stampedRequest.stamp.stampHeaderName.toLowerCase()
  if (headerName !== 'x-stamp' && headerName !== 'x-stamp-webauthn')
    throw new ApiError('UNAUTHENTICATED', 'stampHeaderName must be X-Stamp or X-Stamp-Webauthn', {
      errorCode: signerErrorCodes.UNAUTHENTICATED,
    })
  const authenticated = await authenticateRequest(ctx, {
    header: (name) => (name.toLowerCase() === headerName ? stampedRequest.stamp.stampHeaderValue : undefined),
    body: stampedRequest.body,
    organizationId,
    allowParentTarget: options.allowParentTarget,
  })
  const organization = await ctx.store.db
    .selectFrom('organizations')
    .select('app_id')
    .where('id', '=', authenticated.principal.organizationId)
    .executeTakeFirst()
  if (organization?.app_id && organization.app_id !== app.id)
    throw new ApiError('PERMISSION_DENIED', 'this user belongs to another app', {
      errorCode: signerErrorCodes.FORBIDDEN,
    })
  return { ...authenticated, json: json as Record<string, unknown> }
}
