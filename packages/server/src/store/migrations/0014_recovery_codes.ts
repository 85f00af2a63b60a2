import type { Kysely } from 'kysely'

/**
 * Recovery codes (docs/security.md, "Recovery codes"): up to 10 single-use codes per user with a
 * verified TOTP factor, kept as HMAC-SHA256 under the server's code key, never in the clear.
 * `used_at` is set by one conditional update (`where used_at is null`), so a code signs in once even
 * under concurrent use. Rows go with the user (cascade) and with the user's last factor.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('used_at', 'bigint')
    .execute()
  await db.schema.createIndex('recovery_codes_user_id').on('recovery_codes').column('user_id').execute()
}
