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
    principals = await authenticateWebauthnStamp(ctx, { header: webauthnHeader, body: parameters.body })
  else throw authenticationErrors.missingStamp()

  const target = resolveOrganizationId(ctx, parameters.organizationId)
  const own = principals.find((principal) => principal.organizationId === target)
  if (own) return { principal: own, organizationId: target }

  const [organization] = await findOrganization(ctx.store, [target])
  if (!organization) throw authenticationErrors.organizationNotFound(parameters.organizationId)

  const fromParent = principals.find((principal) => principal.organizationId === organization.parent_id)
  if (fromParent) return { principal: fromParent, organizationId: target }

  if (parameters.allowParentTarget) {
    const child = await ctx.store.db
      .selectFrom('organizations')
      .select(['id'])
      .where('parent_id', '=', target)
      .where(
        'id',
        'in',
        principals.map((principal) => principal.organizationId),
      )
      .executeTakeFirst()
    const principal = child && principals.find((candidate) => candidate.organizationId === child.id)
    if (principal) return { principal, organizationId: principal.organizationId }
  }
  throw authenticationErrors.organizationMismatch(parameters.organizationId, principals[0]!.organizationId)
}
