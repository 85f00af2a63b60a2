import type { Kysely } from 'kysely'

/**
 * Wallet and private-key import (docs/protocol.md#importing-wallets-and-keys).
 *
 * `import_keys`: the fresh P-256 key each `init_import_wallet` / `init_import_private_key` makes, bound
 * to its organization and user, the private key sealed by the vault (bound to the row id), expiring
 * (`expires_at`). An import that opens a bundle with it clears `sealed_private_key` and records the
 * bundle's `encapped_public` in the same transaction as the wallet it writes, by one conditional update
 * (`where sealed_private_key is not null`), so a key opens one bundle once, even under concurrent imports;
 * the spent row only says "this bundle was used". Rows go with the user (cascade); a new init replaces
 * the user's earlier rows of its kind.
 *
 * `wallets.secret_kind`: `mnemonic` (a BIP-39 wallet, the sealed mnemonic) or `private_key` (an imported
 * key, kept as a wallet of one key: `sealed_mnemonic` then holds the raw key, and the wallet's accounts
 * are that key in each address format).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_keys')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('organization_id', 'text', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('public_key', 'text', (column) => column.notNull())
    .addColumn('sealed_private_key', 'text')
    .addColumn('encapped_public', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('import_keys_user_id_kind')
    .on('import_keys')
    .columns(['user_id', 'kind'])
    .execute()
  await db.schema
    .alterTable('wallets')
    .addColumn('secret_kind', 'text', (column) => column.notNull().defaultTo('mnemonic'))
    .execute()
}
