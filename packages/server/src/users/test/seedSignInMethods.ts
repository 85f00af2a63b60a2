import type { Kysely } from 'kysely'
import type { Database } from '../../store/schema.js'
import { authenticatorRow, organizationRow, testTime, userRow } from '../../store/test/storeRows.js'

/** The sign-in methods `seedSignInMethods` can give a user. */
export type SeededMethod = 'email' | 'phone' | 'oauth' | 'passkey' | 'jwt'

/**
 * An organization `org-1` with the user `user-1` holding exactly `methods` (each as the row its sign-in
 * finds): a proven email, a proven phone, a linked OAuth provider account (`provider-1`), a passkey, a
 * custom-JWT identity.
 *
 * @example
 * await seedSignInMethods(store.db, ['email', 'jwt'])
 */
export async function seedSignInMethods(db: Kysely<Database>, methods: SeededMethod[]): Promise<void> {
  const oauth = methods.includes('oauth')
  await db
    .insertInto('organizations')
    .values(organizationRow({ app_id: 'app-1' }))
    .execute()
  await db
    .insertInto('users')
    .values(
      userRow({
        phone_number: methods.includes('phone') ? '+14155550100' : null,
        oauth_providers: JSON.stringify(
          oauth
            ? [
                {
                  providerId: 'provider-1',
                  providerName: 'Google',
                  issuer: 'https://accounts.example.com',
                  audience: 'client-1',
                  subject: 'google-subject',
                  createdAt: testTime,
                },
              ]
            : [],
        ),
      }),
    )
    .execute()
  const userId = 'user-1'
  const now = testTime
  if (methods.includes('email'))
    await db
      .insertInto('email_identities')
      .values({ app_id: 'app-1', email: 'ada@example.com', user_id: userId, proven_at: now, how: 'code' })
      .execute()
  if (methods.includes('phone'))
    await db
      .insertInto('phone_identities')
      .values({ app_id: 'app-1', phone: '+14155550100', user_id: userId, proven_at: now, how: 'code' })
      .execute()
  if (oauth)
    await db
      .insertInto('oauth_identities')
      .values({
        user_id: userId,
        provider_id: 'provider-1',
        app_id: 'app-1',
        issuer: 'https://accounts.example.com',
        subject: 'google-subject',
        created_at: now,
      })
      .execute()
  if (methods.includes('passkey')) await db.insertInto('authenticators').values(authenticatorRow()).execute()
  if (methods.includes('jwt'))
    await db
      .insertInto('jwt_identities')
      .values({
        app_id: 'app-1',
        issuer: 'https://auth.app.example',
        subject: 'app-user-7',
        user_id: userId,
        created_at: now,
      })
      .execute()
}
