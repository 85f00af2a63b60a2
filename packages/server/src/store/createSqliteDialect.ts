import type { Database as SqliteDatabase } from 'better-sqlite3'
import {
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely'

/**
 * Kysely's SQLite dialect with two changes that make one database file safe to share between processes
 * (a server and a `migrate` CLI):
 * - transactions start with `BEGIN IMMEDIATE`, so a transaction takes the write lock up front and waits
 *   (`busy_timeout`) instead of failing with `SQLITE_BUSY` when it later tries to write;
 * - migrations run inside such a transaction (Kysely's SQLite adapter runs them without one and without a
 *   lock), so two migrators serialize and the second one finds the work done.
 *
 * @example
 * const db = new Kysely<Database>({ dialect: createSqliteDialect(new SQLite('sigil.db')) })
 */
export function createSqliteDialect(database: SqliteDatabase): SqliteDialect {
  return new ImmediateSqliteDialect({ database })
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig

  constructor(config: SqliteDialectConfig) {
    super(config)
    this.#config = config
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config)
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter()
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true
  }
}
