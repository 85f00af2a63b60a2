import type { SigilContext } from '../../SigilContext.js'

export type JwtUser = { organizationId: string; userId: string }

/**
 * The user that signed in before with this (app, issuer, subject), or undefined.
 *
 * @example
 * const user = await findJwtUser(ctx, { appId, issuer: 'https://auth.example.com', subject: 'user-42' })
 */
export async function findJwtUser(
  ctx: SigilContext,
  { appId, issuer, subject }: { appId: string; issuer: string; subject: string },
): Promise<JwtUser | undefined> {
  return ctx.store.db
    .selectFrom('jwt_identities')
    .innerJoin('users', 'users.id', 'jwt_identities.user_id')
    .select(['users.organization_id as organizationId', 'users.id as userId'])
    .where('jwt_identities.app_id', '=', appId)
    .where('jwt_identities.issuer', '=', issuer)
    .where('jwt_identities.subject', '=', subject)
    .executeTakeFirst()
}
