import { base64urlDecode, type ListSubOrgsResponse } from '@sigil/protocol'
import { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { parseJsonBody } from '../../http/parseJsonBody.js'
import type { SigilContext } from '../../SigilContext.js'
import { applyPagination } from './applyPagination.js'
import { defineQuery } from './defineQuery.js'
import { organizationIdSchema, paginationSchema } from './querySchemas.js'

const filterTypes = [
  'CREDENTIAL_ID',
  'NAME',
  'USERNAME',
  'EMAIL',
  'PHONE_NUMBER',
  'OIDC_TOKEN',
  'WALLET_ACCOUNT_ADDRESS',
  'PUBLIC_KEY',
] as const

/** Organization ids (children of `parentId`) matching one filter, or undefined for "no filter". */
async function matchingOrganizationIds(
  ctx: SigilContext,
  parentId: string,
  filterType: (typeof filterTypes)[number],
  value: string,
): Promise<string[]> {
  const db = ctx.store.db
  const users = db.selectFrom('users').select('organization_id')
  switch (filterType) {
    case 'NAME':
      return (
        await db
          .selectFrom('organizations')
          .select('id')
          .where('parent_id', '=', parentId)
          .where('name', '=', value)
          .execute()
      ).map((row) => row.id)
    case 'USERNAME':
      return (await users.where('name', '=', value).execute()).map((row) => row.organization_id)
    case 'EMAIL':
      // Proven emails only (docs/security.md): an email a passkey sign-up merely typed in is no identity.
      return (
        await db
          .selectFrom('email_identities')
          .innerJoin('users', 'users.id', 'email_identities.user_id')
          .select('users.organization_id')
          .where('email_identities.email', '=', value.trim().toLowerCase())
          .execute()
      ).map((row) => row.organization_id)
    case 'PHONE_NUMBER':
      return (await users.where('phone_number', '=', value).execute()).map((row) => row.organization_id)
    case 'CREDENTIAL_ID':
      return (
        await db
          .selectFrom('authenticators')
          .select('organization_id')
          .where('credential_id', '=', value)
          .execute()
      ).map((row) => row.organization_id)
    case 'PUBLIC_KEY': {
      const key = value.toLowerCase()
      const [apiKeys, authenticators] = await Promise.all([
        db.selectFrom('api_keys').select('organization_id').where('public_key', '=', key).execute(),
        db.selectFrom('authenticators').select('organization_id').where('public_key', '=', key).execute(),
      ])
      return [...apiKeys, ...authenticators].map((row) => row.organization_id)
    }
    case 'WALLET_ACCOUNT_ADDRESS':
      return (
        await db
          .selectFrom('wallet_accounts')
          .select('organization_id')
          .where((eb) => eb.or([eb('address', '=', value), eb('address', '=', value.toLowerCase())]))
          .execute()
      ).map((row) => row.organization_id)
    case 'OIDC_TOKEN': {
      const claims = decodeJwtClaims(value)
      const rows = await users.select('oauth_providers').where('oauth_providers', '!=', '[]').execute()
      return rows
        .filter((row) =>
          (JSON.parse(row.oauth_providers) as { issuer: string; subject: string }[]).some(
            (provider) => provider.issuer === claims.iss && provider.subject === claims.sub,
          ),
        )
        .map((row) => row.organization_id)
    }
  }
}

function decodeJwtClaims(token: string): { iss?: string; sub?: string } {
  try {
    const payload = token.split('.')[1] ?? ''
    return parseJsonBody(new TextDecoder().decode(base64urlDecode(payload))) as { iss?: string; sub?: string }
  } catch (cause) {
    throw new ApiError('INVALID_ARGUMENT', 'filterValue is not a valid OIDC token', {
      errorCode: 'INVALID_OIDC_TOKEN',
      cause,
    })
  }
}

/** `list_suborgs`: ids of the organization's sub-organizations, optionally filtered. */
export const listSubOrgsQuery = defineQuery({
  name: 'list_suborgs',
  schema: z
    .object({
      organizationId: organizationIdSchema,
      filterType: z.enum(filterTypes).optional(),
      filterValue: z.string().min(1).max(8192).optional(),
      paginationOptions: paginationSchema.optional(),
    })
    .refine((body) => Boolean(body.filterType) === Boolean(body.filterValue), {
      message: 'filterType and filterValue go together',
      path: ['filterValue'],
    }),
  async run(ctx, { organizationId }, body): Promise<ListSubOrgsResponse> {
    let query = ctx.store.db
      .selectFrom('organizations')
      .select(['id', 'created_at'])
      .where('parent_id', '=', organizationId)
    if (body.filterType && body.filterValue) {
      const ids = await matchingOrganizationIds(ctx, organizationId, body.filterType, body.filterValue)
      if (ids.length === 0) return { organizationIds: [] }
      query = query.where('id', 'in', [...new Set(ids)])
    }
    const rows = await applyPagination(query, 'organizations', body.paginationOptions).execute()
    return { organizationIds: rows.map((row) => row.id) }
  },
})
