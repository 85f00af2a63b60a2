import { type Kysely, sql } from 'kysely'

/**
 * Sponsorship with hard money limits (docs/sponsorship.md):
 * - policies state their audience (`public`, `signed-in`, `server`), a budget period (`total`, `day`,
 *   `week`, `month`) for `budget_wei` and the new per-user budget, a per-operation cap in wei, and the
 *   factories whose accounts they sponsor (null: any sender);
 * - every signature is its own row in `sponsor_operations` (a re-signature no longer replaces the
 *   earlier one): its worst-case cost stays reserved until `valid_until` passes or the chain shows
 *   what it really cost (`settled_at`, `actual_cost_wei`); `user_key` is who the per-user limits count
 *   (`user:<Sigil user id>` or `sender:<address>`);
 * - Solana sponsorships count per `user_key` too (`user:<id>` or `key:<base58>`).
 * Rows recorded before this migration count as spent at their maximum cost, as they did.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  const policies = db.schema.alterTable('sponsor_policies')
  await policies.addColumn('audience', 'text', (column) => column.notNull().defaultTo('public')).execute()
  await policies.addColumn('budget_period', 'text', (column) => column.notNull().defaultTo('total')).execute()
  await policies.addColumn('budget_per_user_wei', 'text').execute()
  await policies.addColumn('max_cost_wei_per_operation', 'text').execute()
  await policies.addColumn('sender_factories', 'text').execute()

  const operations = db.schema.alterTable('sponsor_operations')
  await operations.addColumn('user_key', 'text').execute()
  await operations.addColumn('valid_until', 'bigint').execute()
  await operations.addColumn('from_block', 'text').execute()
  await operations.addColumn('settled_at', 'bigint').execute()
  await operations.addColumn('actual_cost_wei', 'text').execute()
  await db
    .updateTable('sponsor_operations')
    .set((eb) => ({
      user_key: eb(eb.val('sender:'), '||', eb.ref('sender')),
      valid_until: eb(eb.ref('created_at'), '/', 1000),
      settled_at: eb.ref('created_at'),
      actual_cost_wei: eb.ref('max_cost_wei'),
    }))
    .execute()
  await db.schema
    .createIndex('sponsor_operations_policy_created')
    .on('sponsor_operations')
    .columns(['policy_id', 'created_at'])
    .execute()
  // Settlement's work list: the signatures still reserved (a partial index stays small).
  await db.schema
    .createIndex('sponsor_operations_unsettled')
    .on('sponsor_operations')
    .columns(['valid_until'])
    .where(sql<boolean>`settled_at is null`)
    .execute()
  await db.schema
    .createIndex('sponsor_operations_user_operation_hash')
    .on('sponsor_operations')
    .column('user_operation_hash')
    .execute()

  await db.schema.alterTable('solana_sponsorships').addColumn('user_key', 'text').execute()
  await db
    .updateTable('solana_sponsorships')
    .set((eb) => ({ user_key: eb(eb.val('key:'), '||', eb.ref('user_address')) }))
    .execute()
  await db.schema
    .createIndex('solana_sponsorships_user_key')
    .on('solana_sponsorships')
    .columns(['policy_id', 'user_key', 'created_at'])
    .execute()
}
