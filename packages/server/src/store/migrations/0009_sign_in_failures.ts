import type { Kysely } from 'kysely'

/**
 * Sign-in failures counted durably (docs/security.md, "The MFA gate"):
 * - `sign_in_attempts`: the codes tried against one pending MFA login (its token id); the fifth
 *   kills the login. A row lives as long as its token, then is pruned.
 * - `mfa_factors.replaces_factor_id`: a factor enrolled while another was verified, with that
 *   factor's code; verifying it replaces the old one (at most one verified TOTP factor per user).
 * - `mfa_factors.verified_at`: when the factor started to gate sign-in, so a magic link sent before
 *   that (which passed no code) is refused at its landing. Existing verified factors take their
 *   `updated_at` (at worst a link sent just before the upgrade must be asked for again).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_attempts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('sign_in_attempts_expires_at')
    .on('sign_in_attempts')
    .column('expires_at')
    .execute()
  await db.schema.alterTable('mfa_factors').addColumn('replaces_factor_id', 'text').execute()
  await db.schema.alterTable('mfa_factors').addColumn('verified_at', 'bigint').execute()
  await db
    .updateTable('mfa_factors')
    .set((eb) => ({ verified_at: eb.ref('updated_at') }))
    .where('verified', '=', 1)
    .execute()
}
