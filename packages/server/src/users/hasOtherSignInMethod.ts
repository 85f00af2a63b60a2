import type { Kysely } from 'kysely'
import type { Database } from '../store/schema.js'
import type { StoredOauthProvider } from './StoredOauthProvider.js'

/** The sign-in methods a change is about to take away from a user. */
export type RemovedSignInMethods = {
  /** Every proven email of the user. */
  emails?: true
  /** Every proven phone number of the user. */
  phones?: true
  /** The linked OAuth provider accounts with these ids. */
  oauthProviderIds?: readonly string[]
}

/**
 * Whether the user could still sign in once `removed` is gone: a proven email or phone number, a
 * passkey, a linked OAuth provider account or a custom-JWT identity that is kept. The one check behind
 * every removal of a sign-in method (`LAST_SIGN_IN_METHOD`): removing the last one would leave the
 * wallet unreachable once the session ends.
 *
 * Run it in the transaction that removes, after writing the user's row (`lockUserRow`), so that two
 * concurrent removals (the email and the phone at once) are ordered and cannot each count the other's
 * method as the one that is left.
 *
 * @example
 * await lockUserRow(trx, { userId, now })
 * if (!(await hasOtherSignInMethod(trx, { userId, removed: { phones: true } }))) throw lastSignInMethod()
 */
export async function hasOtherSignInMethod(
  db: Kysely<Database>,
  { userId, removed }: { userId: string; removed: RemovedSignInMethods },
): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select('oauth_providers')
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) return false
  const providers = JSON.parse(user.oauth_providers) as StoredOauthProvider[]
  const removedProviders = removed.oauthProviderIds ?? []
  if (providers.some((provider) => !removedProviders.includes(provider.providerId))) return true
  const tables = [
    'authenticators',
    'jwt_identities',
    ...(removed.emails ? [] : (['email_identities'] as const)),
    ...(removed.phones ? [] : (['phone_identities'] as const)),
  ] as const
  // One at a time: the statements share the transaction's one connection.
  for (const table of tables) {
    const row = await db.selectFrom(table).select('user_id').where('user_id', '=', userId).executeTakeFirst()
    if (row) return true
  }
  return false
}

/**
 * Writes the user's row (its `updated_at`) as a transaction's first statement: PostgreSQL then holds the
 * row's lock until the transaction ends, so a concurrent change of the same user's sign-in methods waits
 * (SQLite runs one write transaction at a time).
 *
 * @example
 * await lockUserRow(trx, { userId, now: ctx.now() })
 */
export async function lockUserRow(
  db: Kysely<Database>,
  { userId, now }: { userId: string; now: number },
): Promise<void> {
  await db.updateTable('users').set({ updated_at: now }).where('id', '=', userId).execute()
}
