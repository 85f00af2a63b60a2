import type { Kysely } from 'kysely'

/**
 * The first schema of the store: every table of `schema.ts`. Dialect-neutral: ids and JSON are `text`,
 * times are `bigint` epoch milliseconds, booleans and small counters `integer`. Child rows go with their
 * organization, user or wallet (`on delete cascade`); activities are the audit log and keep no foreign key.
 * Migrations take `Kysely<any>` on purpose: they describe the database as it was, not today's types.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('root_quorum_threshold', 'integer', (column) => column.notNull())
    .addColumn('root_user_ids', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('organizations_parent_id').on('organizations').column('parent_id').execute()

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('organization_id', 'text', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('oauth_providers', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('users_organization_id').on('users').column('organization_id').execute()
  await db.schema.createIndex('users_email').on('users').column('email').execute()

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('organization_id', 'text', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('public_key', 'text', (column) => column.notNull())
    .addColumn('curve_type', 'text', (column) => column.notNull())
    .addColumn('credential_type', 'text', (column) => column.notNull())
    .addColumn('expiration_seconds', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('api_keys_public_key').on('api_keys').column('public_key').execute()
  await db.schema.createIndex('api_keys_user_id').on('api_keys').column('user_id').execute()

  await db.schema
    .createTable('authenticators')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('organization_id', 'text', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('credential_id', 'text', (column) => column.notNull())
    .addColumn('cose_public_key', 'text', (column) => column.notNull())
    .addColumn('public_key', 'text', (column) => column.notNull())
    .addColumn('counter', 'integer', (column) => column.notNull())
    .addColumn('transports', 'text', (column) => column.notNull())
    .addColumn('aaguid', 'text', (column) => column.notNull())
    .addColumn('attestation_type', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('authenticators_credential_id')
    .on('authenticators')
    .column('credential_id')
    .execute()
  await db.schema.createIndex('authenticators_user_id').on('authenticators').column('user_id').execute()

  await db.schema
    .createTable('wallets')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('organization_id', 'text', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('mnemonic_length', 'integer', (column) => column.notNull())
    .addColumn('sealed_mnemonic', 'text', (column) => column.notNull())
    .addColumn('exported', 'integer', (column) => column.notNull())
    .addColumn('imported', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('wallets_organization_id').on('wallets').column('organization_id').execute()

  await db.schema
    .createTable('wallet_accounts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('organization_id', 'text', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('wallet_id', 'text', (column) => column.notNull().references('wallets.id').onDelete('cascade'))
    .addColumn('curve', 'text', (column) => column.notNull())
    .addColumn('path_format', 'text', (column) => column.notNull())
    .addColumn('path', 'text', (column) => column.notNull())
    .addColumn('address_format', 'text', (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('public_key', 'text', (column) => column.notNull())
    .addColumn('name', 'text')
    .addColumn('sealed_private_key', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('wallet_accounts_organization_id_address')
    .unique()
    .on('wallet_accounts')
    .columns(['organization_id', 'address'])
    .execute()
  await db.schema.createIndex('wallet_accounts_wallet_id').on('wallet_accounts').column('wallet_id').execute()

  await db.schema
    .createTable('activities')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('intent', 'text', (column) => column.notNull())
    .addColumn('result', 'text', (column) => column.notNull())
    .addColumn('failure', 'text')
    .addColumn('fingerprint', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('activities_organization_id_fingerprint')
    .unique()
    .on('activities')
    .columns(['organization_id', 'fingerprint'])
    .execute()
  await db.schema
    .createIndex('activities_organization_id_created_at')
    .on('activities')
    .columns(['organization_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('sealed_private_key', 'text', (column) => column.notNull())
    .addColumn('public_key', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'server_keys',
    'activities',
    'wallet_accounts',
    'wallets',
    'authenticators',
    'api_keys',
    'users',
    'organizations',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
