import type { Kysely } from 'kysely'

/**
 * SMS codes and generic one-time codes (docs/sms-sign-in.md).
 *
 * - `email_codes.channel`: `email` (every row before this migration) or `sms`. The one code mechanism
 *   serves both: the `email` column holds the contact the code went to, a lower-cased email or an
 *   E.164 phone number, as `channel` says. A row of kind `verify` (`/v1/init-otp`) belongs to no
 *   account yet: its `organization_id`, `user_id` and `target_public_key` are empty strings.
 * - `phone_identities`: a proven phone number, one row per (user, phone); the unique index on
 *   (app_id, phone) lets at most one user of an app hold a number, enforced by the database as for
 *   `email_identities`. Operator-made sub-organizations carry `app_id` null (unconstrained).
 * - `dev_sms`: the dev SMS outbox (`/dev/sms`), dev mode only, beside the dev mailbox.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('email_codes')
    .addColumn('channel', 'text', (column) => column.notNull().defaultTo('email'))
    .execute()

  await db.schema
    .createTable('phone_identities')
    .addColumn('app_id', 'text')
    .addColumn('phone', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('proven_at', 'bigint', (column) => column.notNull())
    .addColumn('how', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('phone_identities_pkey', ['user_id', 'phone'])
    .execute()
  await db.schema
    .createIndex('phone_identities_app_phone')
    .unique()
    .on('phone_identities')
    .columns(['app_id', 'phone'])
    .execute()

  await db.schema
    .createTable('dev_sms')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('to_number', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute()
}
