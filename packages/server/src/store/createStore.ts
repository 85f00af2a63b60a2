import { closeSync, constants, mkdirSync, openSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import SQLite, { type Database as SqliteDatabase } from 'better-sqlite3'
import { Kysely, sql } from 'kysely'
import type pg from 'pg'
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
  /** PostgreSQL only: the pool behind `db`, read by the metrics' pool gauges. */
  pool?: pg.Pool | undefined
  /** Closes the SQLite file or ends the PostgreSQL pool. */
  close(): Promise<void>
}

export type CreateStoreParameters = {
  /** Directory of the SQLite file `sigil.db`; created with mode 0700. Default `./.sigil`. */
  dataDir?: string | undefined
  /** `postgres://…`: use PostgreSQL instead of SQLite (`dataDir` is then not used by the store). */
  databaseUrl?: string | undefined
  /** Receives a warning when an existing data dir or `sigil.db` is open to group or others. */
  warn?: ((message: string) => void) | undefined
}

/**
 * Opens the store: PostgreSQL when `databaseUrl` is given, else the SQLite file `<dataDir>/sigil.db`
 * (WAL, `synchronous=FULL` so an answered write survives a crash, `busy_timeout=5000`, foreign keys on).
 * A data dir this call makes is created 0700 and a new `sigil.db` 0600 (SQLite gives its `-wal` and
 * `-shm` files the database file's mode); existing ones keep their modes, with a warning through `warn`
 * when group or others may use them.
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
    const postgres = createPostgresDialect(databaseUrl)
    const db = new Kysely<Database>({ dialect: postgres })
    try {
      // Fail at startup, not at the first request, when the database cannot be reached.
      await sql`select 1`.execute(db)
    } catch (error) {
      await db.destroy()
      throw error
    }
    return { db, dialect: 'postgres', pool: postgres.pool, close: () => db.destroy() }
  }

  const dataDir = resolve(parameters.dataDir ?? '.sigil')
  const madeDir = mkdirSync(dataDir, { recursive: true, mode: 0o700 }) !== undefined
  const filename = join(dataDir, 'sigil.db')
  const madeFile = createPrivateFile(filename)
  const warn = parameters.warn
  if (warn) {
    if (!madeDir && statSync(dataDir).mode & 0o077)
      warn(`the data dir ${dataDir} is open to group or others; run: chmod 700 ${dataDir}`)
    if (!madeFile && statSync(filename).mode & 0o077)
      warn(`the database ${filename} is open to group or others; run: chmod 600 ${filename}*`)
  }
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

/** Creates `file` empty with mode 0600 unless it exists (an empty file is a valid SQLite database). */
function createPrivateFile(file: string): boolean {
  let fd: number
  try {
    fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
  closeSync(fd)
  return true
}
