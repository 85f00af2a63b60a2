import type { App } from '../apps/App.js'
import type { SigilContext } from '../SigilContext.js'

/**
 * The user of `app` that has proven this phone number (E.164), with its sub-organization, or
 * undefined. A number stored without proof (an SMS sign-up never confirmed) is never matched: only
 * `phone_identities` is, where at most one user per app holds a number.
 *
 * @example
 * const user = await findUserByPhone(ctx, app, '+14155550123')
 */
export async function findUserByPhone(
  ctx: SigilContext,
  app: App,
  phone: string,
): Promise<{ organizationId: string; userId: string } | undefined> {
  return ctx.store.db
    .selectFrom('phone_identities')
    .innerJoin('users', 'users.id', 'phone_identities.user_id')
    .select(['users.id as userId', 'users.organization_id as organizationId'])
    .where('phone_identities.app_id', '=', app.id)
    .where('phone_identities.phone', '=', phone)
    .executeTakeFirst()
}
