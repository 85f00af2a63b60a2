import { type Kysely, sql } from 'kysely'

/**
 * Delegated API keys (docs/security.md, "Credentials"): Turnkey's delegated access registers a backend's
 * API key as a user of each sub-organization it creates. A key now has at most one row per organization,
 * and at most one row server-wide that was registered without proof of possession (`delegated = 0`, its
 * home). A row in a further organization (`delegated = 1`) is written only by a request stamped with that
 * very key (`prepareApiKeys`), which the holder of a mere copy of the public key cannot give. Both rules are
 * unique indexes, so concurrent registrations cannot get around them.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('delegated', 'integer', (column) => column.notNull().defaultTo(0))
    .execute()
  await db.schema.dropIndex('api_keys_public_key_curve_type_unique').execute()
  // public_key first: look-ups by public key alone (get_sub_org_ids) keep using it.
  await db.schema
    .createIndex('api_keys_public_key_curve_type_organization_unique')
    .on('api_keys')
    .columns(['public_key', 'curve_type', 'organization_id'])
    .unique()
    .execute()
  await db.schema
    .createIndex('api_keys_public_key_curve_type_home_unique')
    .on('api_keys')
    .columns(['public_key', 'curve_type'])
    .unique()
    .where(sql.ref('delegated'), '=', sql.lit(0))
    .execute()
}
