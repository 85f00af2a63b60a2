import type { App } from '../apps/App.js'
import type { SigilContext } from '../SigilContext.js'

/**
 * The user of `app` that has proven this email (lower-cased), with its sub-organization, or
 * undefined. An email stored without proof (a passkey sign-up's, an email sign-up never confirmed)
 * is never matched: only `email_identities` is, where at most one user per app holds an address.
 *
 * @example
 * const user = await findUserByEmail(ctx, app, 'ada@example.com')
 */
export async function findUserByEmail(
  ctx: SigilContext,
  app: App,
  email: string,
): Promise<{ organizationId: string; userId: string } | undefined> {
  return ctx.store.db
    .selectFrom('email_identities')
    .innerJoin('users', 'users.id', 'email_identities.user_id')
    .select(['users.id as userId', 'users.organization_id as organizationId'])
    .where('email_identities.app_id', '=', app.id)
    .where('email_identities.email', '=', email.trim().toLowerCase())
    .executeTakeFirst()
}
