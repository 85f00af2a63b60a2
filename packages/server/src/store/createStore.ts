import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import SQLite, { type Database as SqliteDatabase } from 'better-sqlite3'
import { Kysely, sql } from 'kysely'
import { createPostgresDialect } from './createPostgresDialect.js'
import { createSqliteDialect } from './createSqliteDialect.js'
import type { Database } from './schema.js'

export type StoreDialect = 'sqlite' | 'postgres'

export type Store = {
  db: Kysely<Database>
  dialect: StoreDialect
  /** SQLite only: the database file, for a second connection (the writer thread). */
  filename?: string | undefined
  /**
   * SQLite only: the better-sqlite3 handle behind `db`, for prepared statements on hot paths (see
   * `prepareQuery`). Never use it while this connection is inside a transaction (`inTransaction`).
   */
  sqlite?: SqliteDatabase | undefined
  /** Closes the SQLite file or ends the PostgreSQL pool. */
  close(): Promise<void>
}

export type CreateStoreParameters = {
  /** Directory of the SQLite file `sigil.db`; created with mode 0700. Default `./.sigil`. */
  dataDir?: string | undefined
  /** `postgres://…`: use PostgreSQL instead of SQLite (`dataDir` is then not used by the store). */
  databaseUrl?: string | undefined
}

/**
 * Opens the store: PostgreSQL when `databaseUrl` is given, else the SQLite file `<dataDir>/sigil.db`
 * (WAL, `synchronous=FULL` so an answered write survives a crash, `busy_timeout=5000`, foreign keys on).
 * The store is not migrated; call `migrateToLatest(store.db)`.
 *
 * @example
 * const store = await createStore({ dataDir: '.sigil' })
 * await migrateToLatest(store.db)
 * const wallets = await store.db.selectFrom('wallets').selectAll().execute()
 * await store.close()
 */
export async function createStore(parameters: CreateStoreParameters = {}): Promise<Store> {
  const { databaseUrl } = parameters
  if (databaseUrl) {
    const db = new Kysely<Database>({ dialect: createPostgresDialect(databaseUrl) })
    try {
      // Fail at startup, not at the first request, when the database cannot be reached.
      await sql`select 1`.execute(db)
    } catch (error) {
      await db.destroy()
      throw error
    }
    return { db, dialect: 'postgres', close: () => db.destroy() }
  }

  const dataDir = resolve(parameters.dataDir ?? '.sigil')
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const filename = join(dataDir, 'sigil.db')
  const database = new SQLite(filename, { timeout: 5000 })
  try {
    database.pragma('busy_timeout = 5000')
    database.pragma('journal_mode = WAL')
    database.pragma('synchronous = FULL')
    database.pragma('foreign_keys = ON')
  } catch (error) {
    database.close()
    throw error
  }
  const db = new Kysely<Database>({ dialect: createSqliteDialect(database) })
  return { db, dialect: 'sqlite', filename, sqlite: database, close: () => db.destroy() }
}
