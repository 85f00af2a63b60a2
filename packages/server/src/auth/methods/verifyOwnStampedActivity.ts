import type { z } from 'zod'
import type { App } from '../../apps/App.js'
import { authenticationErrors } from '../../kms/auth/authenticationErrors.js'
import type { SigilContext } from '../../SigilContext.js'
import type { stampedRequestSchema } from '../../signin/signerSchemas.js'
import { verifyStampedRequest } from '../../signin/verifyStampedRequest.js'
import { authMethodErrors } from './authMethodErrors.js'

export type VerifyOwnStampedActivityOptions = {
  /** The Turnkey activity type the body must have, e.g. `ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS`. */
  type: string
  /** For `ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2`: the ASCII marker `parameters.payload` must be. */
  marker?: string | undefined
}

/**
 * Authenticates a stamped activity body as Account Kit 4.88 sends it to the sign-in method routes:
 * stamped by the user's own session key or passkey (never a parent organization's key), of the
 * expected `type`, with a `timestampMs` inside the activity window; a `parameters.userId`, when
 * present, must be the stamp's user. Returns the user and the body's `parameters`.
 *
 * @example
 * const { userId, parameters } = await verifyOwnStampedActivity(ctx, app, body.stampedRequest, { type: 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS' })
 */
export async function verifyOwnStampedActivity(
  ctx: SigilContext,
  app: App,
  stampedRequest: z.output<typeof stampedRequestSchema>,
  options: VerifyOwnStampedActivityOptions,
): Promise<{ userId: string; organizationId: string; parameters: Record<string, unknown> }> {
  const { principal, organizationId, json } = await verifyStampedRequest(ctx, app, stampedRequest)
  if (json.type !== options.type) throw authMethodErrors.wrongActivityType(options.type)
  const now = ctx.now()
  const timestamp =
    typeof json.timestampMs === 'string' && /^\d{1,16}$/.test(json.timestampMs)
      ? Number(json.timestampMs)
      : Number.NaN
  if (
    Number.isNaN(timestamp) ||
    now - timestamp > ctx.config.maxRequestAgeMs ||
    timestamp - now > ctx.config.maxRequestSkewMs
  )
    throw authenticationErrors.staleTimestamp(
      `timestampMs must be at most ${ctx.config.maxRequestAgeMs / 1000} s old and ${ctx.config.maxRequestSkewMs / 1000} s ahead of the server clock`,
    )
  const parameters =
    typeof json.parameters === 'object' && json.parameters !== null && !Array.isArray(json.parameters)
      ? (json.parameters as Record<string, unknown>)
      : {}
  if (options.marker !== undefined && parameters.payload !== options.marker)
    throw authMethodErrors.wrongMarker(options.marker)
  if (principal.organizationId !== organizationId) throw authMethodErrors.notOwnCredential()
  if (parameters.userId !== undefined && parameters.userId !== principal.userId)
    throw authMethodErrors.otherUser()
  return { userId: principal.userId, organizationId, parameters }
}
