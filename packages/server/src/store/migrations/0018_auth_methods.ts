import type { Kysely } from 'kysely'

/**
 * Sign-in methods (docs/protocol.md#sign-in-methods):
 *
 * - `oauth_identities`: one row per provider account linked to a user (`users.oauth_providers` keeps
 *   the details). A unique index on (app_id, issuer, subject) lets at most one user of an app sign in
 *   with a provider account, enforced by the database, so racing instances cannot link one identity
 *   to two users. Backfilled from `users.oauth_providers` of app users, oldest user first: a later
 *   duplicate (only possible through racing instances before this index) gets no row and keeps
 *   signing in as before (the oldest user is the one sign-in finds).
 * - `oauth_link_grants`: an ID token the OAuth callback fetched for Account Kit's `addOauthProvider`
 *   (`fetchIdTokenOnly`), by its SHA-256, with the claims the callback verified, the app it was
 *   fetched for and a short expiry; `/v1/add-oauth-provider` consumes it once.
 * - `key_exports`: exports a client reported with `/v1/track-key-export`, each tied to the export
 *   activity that proves it (one row per activity and address).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_identities')
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider_id', 'text', (column) => column.notNull())
    .addColumn('app_id', 'text', (column) => column.notNull())
    .addColumn('issuer', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('oauth_identities_pkey', ['user_id', 'provider_id'])
    .execute()
  await db.schema
    .createIndex('oauth_identities_app_issuer_subject')
    .unique()
    .on('oauth_identities')
    .columns(['app_id', 'issuer', 'subject'])
    .execute()

  await db.schema
    .createTable('oauth_link_grants')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('app_id', 'text', (column) => column.notNull())
    .addColumn('provider_name', 'text', (column) => column.notNull())
    .addColumn('issuer', 'text', (column) => column.notNull())
    .addColumn('audience', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('display_name', 'text')
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('key_exports')
    .addColumn('activity_id', 'text', (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('organization_id', 'text', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text')
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('tracked_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('key_exports_pkey', ['activity_id', 'address'])
    .execute()

  await backfillOauthIdentities(db)
}

type StoredProvider = { providerId?: unknown; issuer?: unknown; subject?: unknown; createdAt?: unknown }

// biome-ignore lint/suspicious/noExplicitAny: see above.
async function backfillOauthIdentities(db: Kysely<any>): Promise<void> {
  const users = (await db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organization_id')
    .select(['users.id as id', 'users.oauth_providers as oauth_providers', 'organizations.app_id as app_id'])
    .where('organizations.app_id', 'is not', null)
    .where('users.oauth_providers', '!=', '[]')
    .orderBy('users.created_at')
    .orderBy('users.id')
    .execute()) as { id: string; oauth_providers: string; app_id: string }[]
  for (const user of users) {
    let providers: StoredProvider[]
    try {
      providers = JSON.parse(user.oauth_providers) as StoredProvider[]
    } catch {
      continue
    }
    for (const provider of Array.isArray(providers) ? providers : []) {
      const { providerId, issuer, subject } = provider
      if (typeof providerId !== 'string' || typeof issuer !== 'string' || typeof subject !== 'string')
        continue
      await db
        .insertInto('oauth_identities')
        .values({
          user_id: user.id,
          provider_id: providerId,
          app_id: user.app_id,
          issuer,
          subject,
          created_at: Number(provider.createdAt) || 0,
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute()
    }
  }
}
