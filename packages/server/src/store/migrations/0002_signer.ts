import type { Kysely } from 'kysely'

/**
 * The sign-in service's tables: apps and their bearer keys, email codes, TOTP factors, single-use
 * tokens, OAuth PKCE requests and the dev mailbox; and `organizations.app_id`, the app a user signed
 * up through.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('app_id', 'text').execute()
  await db.schema.createIndex('organizations_app_id').on('organizations').column('app_id').execute()

  await db.schema
    .createTable('apps')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email_mode', 'text', (column) => column.notNull())
    .addColumn('redirect_url', 'text')
    .addColumn('allowed_origins', 'text', (column) => column.notNull())
    .addColumn('jwt_public_key', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('app_api_keys')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('app_id', 'text', (column) => column.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (column) => column.notNull().unique())
    .addColumn('key_prefix', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute()

  await db.schema
    .createTable('email_codes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('app_id', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('code_hash', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('target_public_key', 'text', (column) => column.notNull())
    .addColumn('expiration_seconds', 'integer', (column) => column.notNull())
    .addColumn('redirect_params', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('email_codes_email').on('email_codes').columns(['app_id', 'email']).execute()

  await db.schema
    .createTable('mfa_factors')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('sealed_secret', 'text', (column) => column.notNull())
    .addColumn('verified', 'integer', (column) => column.notNull())
    .addColumn('last_used_step', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('mfa_factors_user_id').on('mfa_factors').column('user_id').execute()

  await db.schema
    .createTable('single_use_tokens')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('used_at', 'bigint', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('oauth_requests')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('app_id', 'text', (column) => column.notNull())
    .addColumn('sealed_code_verifier', 'text', (column) => column.notNull())
    .addColumn('nonce', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('dev_mail')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('html', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute()
}
