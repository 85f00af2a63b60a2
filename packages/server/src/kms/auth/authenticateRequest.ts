import type { SigilContext } from '../../SigilContext.js'
import { prepareQuery } from '../../store/prepareQuery.js'
import { queryParameter } from '../../store/queryParameter.js'
import { authenticateApiKeyStamp } from './authenticateApiKeyStamp.js'
import { authenticateWebauthnStamp } from './authenticateWebauthnStamp.js'
import { authenticationErrors } from './authenticationErrors.js'
import type { Principal } from './Principal.js'
import { resolveOrganizationId } from './resolveOrganizationId.js'

export type AuthenticateRequestParameters = {
  /** Reads a request header (case-insensitive). */
  header(name: string): string | undefined
  /** The exact body text. */
  body: string
  /** `organizationId` of the body. */
  organizationId: string
  /** `whoami` may name the parent organization and is answered for the credential's own one. */
  allowParentTarget?: boolean
}

export type AuthenticatedRequest = {
  principal: Principal
  /** The organization the request acts in (after alias and parent resolution). */
  organizationId: string
}

const findOrganization = prepareQuery((db) =>
  db.selectFrom('organizations').select(['id', 'parent_id']).where('id', '=', queryParameter(0)),
)

/**
 * The single path every stamped request goes through: verifies the stamp over the exact body,
 * finds the credential, and checks the principal may act in the target organization: its own,
 * or any sub-organization of the root organization when the credential is a root-organization key.
 *
 * A stamp names one principal: the one row whose stored key verified it (credential ids and public keys
 * are unique server-wide; a credential found more than once is refused, never resolved to one of its
 * holders). With `allowParentTarget` (whoami naming the parent, e.g. the root or its Account Kit alias)
 * the answer is the principal's own organization, and only when the named one is its parent.
 *
 * @example
 * const { principal, organizationId } = await authenticateRequest(ctx, {
 *   header: (name) => c.req.header(name), body: raw, organizationId: json.organizationId,
 * })
 */
export async function authenticateRequest(
  ctx: SigilContext,
  parameters: AuthenticateRequestParameters,
): Promise<AuthenticatedRequest> {
  const apiKeyHeader = parameters.header('x-stamp')
  const webauthnHeader = parameters.header('x-stamp-webauthn')
  let principal: Principal
  if (apiKeyHeader)
    principal = await authenticateApiKeyStamp(ctx, { header: apiKeyHeader, body: parameters.body })
  else if (webauthnHeader)
    principal = await authenticateWebauthnStamp(ctx, { header: webauthnHeader, body: parameters.body })
  else throw authenticationErrors.missingStamp()

  const target = resolveOrganizationId(ctx, parameters.organizationId)
  if (principal.organizationId === target) return { principal, organizationId: target }

  const [organization] = await findOrganization(ctx.store, [target])
  if (!organization) throw authenticationErrors.organizationNotFound(parameters.organizationId)

  // A root-organization key acts in a sub-organization.
  if (principal.organizationId === organization.parent_id) return { principal, organizationId: target }

  if (parameters.allowParentTarget) {
    const [own] = await findOrganization(ctx.store, [principal.organizationId])
    if (own?.parent_id === target) return { principal, organizationId: principal.organizationId }
  }
  throw authenticationErrors.organizationMismatch(parameters.organizationId, principal.organizationId)
}
