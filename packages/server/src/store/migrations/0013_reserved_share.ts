import type { Kysely } from 'kysely'

/**
 * Reservations nobody can squat (docs/sponsorship.md, "Budgets and reservations"): a gas policy states
 * the largest share of its budget one user (a Sigil user, else a sender) may hold in open reservations,
 * in basis points (`1000`: 10 %, `10000`: no share limit). Every policy, those made before this
 * migration included, gets the documented default of 10 %.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sponsor_policies')
    .addColumn('max_reserved_share_per_user_bps', 'integer', (column) => column.notNull().defaultTo(1000))
    .execute()
}
