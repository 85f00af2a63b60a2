import type { Kysely } from 'kysely'

/**
 * Custom JWT sign-in (`/v1/auth-jwt`, docs/custom-jwt.md).
 *
 * - `jwt_issuers`: the issuers an app trusts, at most one row per (app, issuer): where the keys are
 *   (`jwks_url`, or a static `public_key`, PEM or JWK), the audience, the claim naming the user and
 *   the allowed algorithms (JSON array, asymmetric only). Rows go with their app.
 * - `jwt_identities`: who a token's user is: one row per (app, issuer, subject), the primary key, so
 *   two racing first sign-ins (on any instance) cannot make two users; rows go with the user.
 * - `jwt_replays`: the tokens already exchanged, by (issuer, jti), kept until the token's `exp`
 *   (`expires_at`, indexed for pruning). The primary key refuses a second use, even a concurrent one.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jwt_issuers')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('app_id', 'text', (column) => column.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (column) => column.notNull())
    .addColumn('jwks_url', 'text')
    .addColumn('public_key', 'text')
    .addColumn('audience', 'text', (column) => column.notNull())
    .addColumn('user_claim', 'text', (column) => column.notNull())
    .addColumn('algorithms', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('jwt_issuers_app_issuer')
    .unique()
    .on('jwt_issuers')
    .columns(['app_id', 'issuer'])
    .execute()

  await db.schema
    .createTable('jwt_identities')
    .addColumn('app_id', 'text', (column) => column.notNull())
    .addColumn('issuer', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('jwt_identities_pkey', ['app_id', 'issuer', 'subject'])
    .execute()
  await db.schema.createIndex('jwt_identities_user_id').on('jwt_identities').column('user_id').execute()

  await db.schema
    .createTable('jwt_replays')
    .addColumn('issuer', 'text', (column) => column.notNull())
    .addColumn('jti', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('jwt_replays_pkey', ['issuer', 'jti'])
    .execute()
  await db.schema.createIndex('jwt_replays_expires_at').on('jwt_replays').column('expires_at').execute()
}
