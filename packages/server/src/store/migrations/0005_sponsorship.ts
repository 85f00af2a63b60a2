import type { Kysely } from 'kysely'

/**
 * Gas sponsorship: policies (per app) and the operations whose paymaster data was signed under them
 * (the durable usage record the limits are counted from).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sponsor_policies')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('app_id', 'text', (column) => column.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('chain_ids', 'text')
    .addColumn('max_gas_per_operation', 'text')
    .addColumn('max_operations_per_sender_per_day', 'integer')
    .addColumn('budget_wei', 'text')
    .addColumn('spent_wei', 'text', (column) => column.notNull())
    .addColumn('operations', 'integer', (column) => column.notNull())
    .addColumn('allowed_targets', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('disabled_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('sponsor_policies_app_id').on('sponsor_policies').column('app_id').execute()

  await db.schema
    .createTable('sponsor_operations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('policy_id', 'text', (column) =>
      column.notNull().references('sponsor_policies.id').onDelete('cascade'),
    )
    .addColumn('chain_id', 'bigint', (column) => column.notNull())
    .addColumn('entry_point', 'text', (column) => column.notNull())
    .addColumn('sender', 'text', (column) => column.notNull())
    .addColumn('nonce', 'text', (column) => column.notNull())
    .addColumn('user_operation_hash', 'text', (column) => column.notNull())
    .addColumn('max_cost_wei', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('sponsor_operations_sender')
    .on('sponsor_operations')
    .columns(['policy_id', 'sender', 'created_at'])
    .execute()
}
