import type { z } from 'zod'
import type { App } from '../../apps/App.js'
import { authenticationErrors } from '../../kms/auth/authenticationErrors.js'
import type { Principal } from '../../kms/auth/Principal.js'
import type { SigilContext } from '../../SigilContext.js'
import type { stampedRequestSchema } from '../../signin/signerSchemas.js'
import { verifyStampedRequest } from '../../signin/verifyStampedRequest.js'
import { mfaErrors } from './mfaErrors.js'

/** The `parameters.payload` markers of the stamped MFA routes: the stamp's intent. */
export type MfaMarker =
  | 'list_mfas'
  | 'add_mfa'
  | 'send_mfa_code'
  | 'verify_mfa'
  | 'delete_mfas'
  | 'list_recovery_codes'
  | 'generate_recovery_codes'
  | 'delete_account'
  | 'export_account_data'

/**
 * Authenticates a stamped MFA request as Account Kit sends it: a Turnkey `sign_raw_payload` (V2)
 * body stamped with the user's session key or passkey, whose `payload` is the route's ASCII marker.
 * The stamp proves the session, the marker states the intent; nothing is signed. Refuses a body of
 * another type or marker (400), a `timestampMs` outside the activity window (400), and a credential
 * that is not the user's own (403, e.g. a parent-organization key). Returns the user.
 *
 * @example
 * const { userId } = await verifyMfaStampedRequest(ctx, request.app, body.stampedRequest, 'list_mfas')
 */
export async function verifyMfaStampedRequest(
  ctx: SigilContext,
  app: App,
  stampedRequest: z.output<typeof stampedRequestSchema>,
  marker: MfaMarker,
): Promise<{ userId: string; organizationId: string; principal: Principal }> {
  const { principal, organizationId, json } = await verifyStampedRequest(ctx, app, stampedRequest)
  if (json.type !== 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2') throw mfaErrors.notSignRawPayload()
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
  const parameters = json.parameters as { payload?: unknown } | null | undefined
  if (parameters?.payload !== marker) throw mfaErrors.wrongMarker(marker)
  if (principal.organizationId !== organizationId) throw mfaErrors.notOwnCredential()
  return { userId: principal.userId, organizationId, principal }
}
