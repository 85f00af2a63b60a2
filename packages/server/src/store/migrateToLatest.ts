import { type Kysely, type MigrationResult, Migrator, PostgresAdapter, sql } from 'kysely'
import { StoreMigrationError } from './errors.js'
import { migrations } from './migrations/migrations.js'

/**
 * Brings the store's schema to the latest migration and returns what ran (empty when it was up to date).
 * Safe to run from two processes at once against one database: on PostgreSQL Kysely holds an advisory lock
 * and runs the migrations in a transaction; on SQLite they run in a `BEGIN IMMEDIATE` transaction (see
 * `createSqliteDialect`), so the second migrator waits and then finds nothing to do.
 *
 * On PostgreSQL the bookkeeping tables (`kysely_migration`, `kysely_migration_lock`) live in the connection's
 * `current_schema()`, like the store's tables.
 *
 * @example
 * const store = await createStore({ dataDir: '.sigil' })
 * const ran = await migrateToLatest(store.db)
 * // [{ migrationName: '0001_initial', direction: 'Up', status: 'Success' }]
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any Kysely database.
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its tables in every schema unless told which one; with several Sigil schemas in one
    // database (tests, tenants) it would find another schema's table and skip creating its own.
    migrationTableSchema: await getPostgresSchema(db),
  })
  const { error, results = [] } = await migrator.migrateToLatest()
  if (error) {
    // A migration that refuses to run says why itself (0007: the duplicate credentials to resolve).
    if (error instanceof StoreMigrationError) throw error
    const failed = results.find((result) => result.status === 'Error')
    throw new Error(failed ? `store migration ${failed.migrationName} failed` : 'store migration failed', {
      cause: error,
    })
  }
  return results
}

// biome-ignore lint/suspicious/noExplicitAny: see above.
async function getPostgresSchema(db: Kysely<any>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db)
  const schema = rows[0]?.schema
  if (!schema) {
    throw new StoreMigrationError(
      'store migration failed: the PostgreSQL search_path names no existing schema',
    )
  }
  return schema
}
