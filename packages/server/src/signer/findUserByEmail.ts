import type { App } from '../apps/App.js'
import type { SigilContext } from '../SigilContext.js'

/**
 * The user an app knows by this email (lower-cased), with its sub-organization, or undefined.
 *
 * @example
 * const user = await findUserByEmail(ctx, app, 'ada@example.com')
 */
export async function findUserByEmail(
  ctx: SigilContext,
  app: App,
  email: string,
): Promise<{ organizationId: string; userId: string } | undefined> {
  const row = await ctx.store.db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organization_id')
    .select(['users.id as userId', 'organizations.id as organizationId'])
    .where('users.email', '=', email.trim().toLowerCase())
    .where('organizations.app_id', '=', app.id)
    .orderBy('users.created_at')
    .executeTakeFirst()
  return row
}
