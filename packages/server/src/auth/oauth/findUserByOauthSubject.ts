import { sql } from 'kysely'
import type { App } from '../../apps/App.js'
import type { SigilContext } from '../../SigilContext.js'
import type { StoredOauthProvider } from '../../users/createUserAccount.js'

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`)

/**
 * The user of `app` that signed in before with this provider account (`issuer` + `subject` of its
 * ID tokens), found in `users.oauth_providers`, or undefined.
 *
 * @example
 * const user = await findUserByOauthSubject(ctx, app, { issuer: 'https://accounts.google.com', subject: '1084…' })
 */
export async function findUserByOauthSubject(
  ctx: SigilContext,
  app: App,
  { issuer, subject }: { issuer: string; subject: string },
): Promise<{ organizationId: string; userId: string } | undefined> {
  const rows = await ctx.store.db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organization_id')
    .select(['users.id as userId', 'organizations.id as organizationId', 'users.oauth_providers'])
    .where('organizations.app_id', '=', app.id)
    // A coarse filter in SQL, the exact match below.
    .where(sql<boolean>`users.oauth_providers like ${`%${escapeLike(subject)}%`} escape '\\'`)
    .orderBy('users.created_at')
    .execute()
  const row = rows.find((candidate) =>
    (JSON.parse(candidate.oauth_providers) as StoredOauthProvider[]).some(
      (provider) => provider.issuer === issuer && provider.subject === subject,
    ),
  )
  return row ? { organizationId: row.organizationId, userId: row.userId } : undefined
}
