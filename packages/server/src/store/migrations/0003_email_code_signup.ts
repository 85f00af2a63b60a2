import type { Kysely } from 'kysely'

/**
 * `email_codes.signup`: 1 when the code was sent by the sign-up that created the account, so the
 * magic-link landing can add `aa-is-signup=true` to its redirect.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('email_codes')
    .addColumn('signup', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
}
