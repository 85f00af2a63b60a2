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
 * A stamp names one principal: the one row of its credential in the organization the request names
 * (passkey credential ids are unique server-wide; an API key has at most one row per organization, and
 * rows beyond its first only by the key's own request: Turnkey's delegated access), or the one row in
 * that organization's parent (a root key acting in a sub-organization). With `allowParentTarget` (whoami
 * naming the parent, e.g. the root or its Account Kit alias) the answer is the principal's own
 * organization, and only when exactly one of its rows is a child of the named one: a key found in several
 * children is refused as ambiguous, never resolved to one of its holders.
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
  let principals: Principal[]
  if (apiKeyHeader)
    principals = await authenticateApiKeyStamp(ctx, { header: apiKeyHeader, body: parameters.body })
  else if (webauthnHeader)
    principals = [await authenticateWebauthnStamp(ctx, { header: webauthnHeader, body: parameters.body })]
  else throw authenticationErrors.missingStamp()

  const target = resolveOrganizationId(ctx, parameters.organizationId)
  const own = only(principals.filter((principal) => principal.organizationId === target))
  if (own) return { principal: own, organizationId: target }

  const [organization] = await findOrganization(ctx.store, [target])
  if (!organization) throw authenticationErrors.organizationNotFound(parameters.organizationId)

  // A root-organization key acts in a sub-organization.
  const parentKey = only(
    principals.filter((principal) => principal.organizationId === organization.parent_id),
  )
  if (parentKey) return { principal: parentKey, organizationId: target }

  if (parameters.allowParentTarget) {
    const children: Principal[] = []
    for (const principal of principals) {
      const [home] = await findOrganization(ctx.store, [principal.organizationId])
      if (home?.parent_id === target) children.push(principal)
    }
    // A key in several children of the named parent: never pick one of them.
    const child = only(children)
    if (child) return { principal: child, organizationId: child.organizationId }
  }
  throw authenticationErrors.organizationMismatch(
    parameters.organizationId,
    principals.map((principal) => principal.organizationId).join(', '),
  )
}

/** The one principal of a list; undefined for none; a list of several is ambiguous and refused. */
function only(principals: Principal[]): Principal | undefined {
  if (principals.length > 1) throw authenticationErrors.ambiguousCredential()
  return principals[0]
}
