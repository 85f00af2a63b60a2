import type { Kysely } from 'kysely'

/**
 * Multi-owner organizations (docs/multi-owner.md). `multi_owner_members` names each owner user's EVM
 * address: a stamp whose recovered key hashes to that address acts as the user, and the unique
 * (organization_id, evm_signer_address) index keeps one user per address in an organization.
 * `activity_votes` holds the root quorum's approvals and rejections of a pending activity: its
 * primary key (activity_id, user_id) makes a second vote by the same user fail in the database.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('multi_owner_members')
    .addColumn('user_id', 'text', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('evm_signer_address', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('multi_owner_members_address', ['organization_id', 'evm_signer_address'])
    .execute()
  await db.schema
    .createTable('activity_votes')
    .addColumn('activity_id', 'text', (column) =>
      column.notNull().references('activities.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('selection', 'text', (column) => column.notNull())
    .addColumn('public_key', 'text', (column) => column.notNull())
    .addColumn('signature', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('activity_votes_pkey', ['activity_id', 'user_id'])
    .execute()
}
