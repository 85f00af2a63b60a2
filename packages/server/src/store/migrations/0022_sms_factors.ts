import type { Kysely } from 'kysely'

/**
 * SMS codes as a second factor (docs/protocol.md, "Text-message codes"; docs/sms-sign-in.md).
 *
 * - `mfa_factors.phone`: the E.164 number a factor of type `sms` texts its codes to (one of the
 *   user's proven numbers when it was added); null for `totp`. An `sms` factor's `sealed_secret` is
 *   the empty string: it has no secret, each code is random.
 * - `mfa_sms_codes`: the codes texted for an `sms` factor, kept as HMAC-SHA256 under the server's code
 *   key (never in the clear), each bound to its `scope`: `enroll` (the first code, that verifies the
 *   factor), `login:<MFA token id>` (one pending sign-in) or `session` (a signed-in user's MFA-gated
 *   change). A code is checked only in its own scope, so it passes nothing else. Rows go with the
 *   factor (cascade).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mfa_factors').addColumn('phone', 'text').execute()
  await db.schema
    .createTable('mfa_sms_codes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('factor_id', 'text', (column) =>
      column.notNull().references('mfa_factors.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('code_hash', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('mfa_sms_codes_factor_scope')
    .on('mfa_sms_codes')
    .columns(['factor_id', 'scope'])
    .execute()
}
