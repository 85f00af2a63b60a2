import type { Kysely } from 'kysely'

/** `apps.oauth_provider_ids`: the OAuth providers an app offers (JSON array of ids; null = every configured one). */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current Database type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('apps').addColumn('oauth_provider_ids', 'text').execute()
}
