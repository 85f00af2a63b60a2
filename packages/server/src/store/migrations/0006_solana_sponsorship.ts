import type { Kysely } from 'kysely'

/**
 * Solana fee payer sponsorship: policies gain a kind ('evm' | 'solana'), a fee limit in lamports and
 * the programs a transaction may call; the transactions the fee payer signed are recorded (the durable
 * usage the per-user limit is counted from, and what makes a repeated request count once).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sponsor_policies')
    .addColumn('kind', 'text', (column) => column.notNull().defaultTo('evm'))
    .execute()
  await db.schema.alterTable('sponsor_policies').addColumn('max_lamports_per_transaction', 'text').execute()
  await db.schema.alterTable('sponsor_policies').addColumn('allowed_programs', 'text').execute()

  await db.schema
    .createTable('solana_sponsorships')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('policy_id', 'text', (column) =>
      column.notNull().references('sponsor_policies.id').onDelete('cascade'),
    )
    .addColumn('chain_id', 'text', (column) => column.notNull())
    .addColumn('user_address', 'text', (column) => column.notNull())
    .addColumn('message_hash', 'text', (column) => column.notNull())
    .addColumn('fee_lamports', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('solana_sponsorships_policy_id_message_hash')
    .on('solana_sponsorships')
    .columns(['policy_id', 'message_hash'])
    .unique()
    .execute()
  await db.schema
    .createIndex('solana_sponsorships_user')
    .on('solana_sponsorships')
    .columns(['policy_id', 'user_address', 'created_at'])
    .execute()
}
