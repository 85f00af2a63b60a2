import type { App } from '../apps/App.js'
import type { SignedInUser } from '../gateway/GatewayRequest.js'
import { RpcError } from '../gateway/RpcError.js'
import { ApiError } from '../http/errors/ApiError.js'
import { authenticateRequest } from '../kms/auth/authenticateRequest.js'
import { authenticationErrors } from '../kms/auth/authenticationErrors.js'
import type { SigilContext } from '../SigilContext.js'

/** The header naming the organization of the user whose session stamped a gateway request. */
export const gatewayOrganizationHeader = 'X-Sigil-Organization'

export type VerifyGatewayStampParameters = {
  /** The app the request was identified as. */
  app: App
  /** Reads a request header (case-insensitive). */
  header(name: string): string | undefined
  /** The exact HTTP body text. */
  body: string
}

/** Clear sentences for the key module's refusals of a stamp (its texts are the key API's). */
const refusals: Record<string, string> = {
  API_KEY_EXPIRED: 'the session has expired: sign in again',
  PUBLIC_KEY_NOT_FOUND: 'the session is unknown or was revoked: sign in again',
  CREDENTIAL_NOT_FOUND: 'the passkey is not registered: sign in again',
  SIGNATURE_INVALID: 'the stamp does not match the request body',
  ORGANIZATION_NOT_FOUND: `the organization in ${gatewayOrganizationHeader} does not exist`,
  ORGANIZATION_MISMATCH: `the session's user is not in the organization named by ${gatewayOrganizationHeader}`,
}

const refuse = (reason: string, cause?: unknown) =>
  new RpcError('POLICY_REFUSED', `Sigil session stamp refused: ${reason}`, { cause })

/**
 * The Sigil user whose session stamped a gateway request: `X-Stamp` (a session key) or
 * `X-Stamp-Webauthn` (a passkey) over the exact body, with `X-Sigil-Organization` naming the user's
 * organization, verified through the key module's one authentication path (unknown, revoked and expired
 * keys are refused as on `/signer`). Answers undefined when the request carries no stamp. A stamp that
 * does not verify, names no organization, is a key acting in another organization, or belongs to a user
 * of another app throws a `-32501` JSON-RPC error: never a silent downgrade to an anonymous caller.
 *
 * @example
 * const user = await verifyGatewayStamp(ctx, { app, header: (name) => c.req.header(name), body: text })
 */
export async function verifyGatewayStamp(
  ctx: SigilContext,
  { app, header, body }: VerifyGatewayStampParameters,
): Promise<SignedInUser | undefined> {
  if (!header('x-stamp') && !header('x-stamp-webauthn')) return undefined
  const organizationId = header(gatewayOrganizationHeader)?.trim()
  if (!organizationId)
    throw refuse(`a stamped request names the user's organization in ${gatewayOrganizationHeader}`)
  let authenticated: Awaited<ReturnType<typeof authenticateRequest>>
  try {
    authenticated = await authenticateRequest(ctx, { header, body, organizationId })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const malformed = error.shortMessage === authenticationErrors.malformedStamp(undefined).shortMessage
    throw refuse(
      malformed ? 'the stamp is malformed' : (refusals[error.errorCode] ?? error.shortMessage),
      error,
    )
  }
  const { principal } = authenticated
  // A key of a parent organization acting in a user's organization is not that user's session.
  if (principal.organizationId !== authenticated.organizationId)
    throw refuse(`the stamp is not a session of a user of organization ${organizationId}`)
  const organization = await ctx.store.db
    .selectFrom('organizations')
    .select('app_id')
    .where('id', '=', principal.organizationId)
    .executeTakeFirst()
  if (organization?.app_id !== app.id) throw refuse('the signed-in user belongs to another app')
  return { userId: principal.userId, organizationId: principal.organizationId }
}
