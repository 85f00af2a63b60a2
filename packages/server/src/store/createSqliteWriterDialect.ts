import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, SqliteDialect } from 'kysely'
import type { SqliteWriter, SqliteWriterCommand, SqliteWriterResult } from './startSqliteWriter.js'

/**
 * Kysely's SQLite dialect whose one connection is the writer thread's (`startSqliteWriter`): every
 * statement is a message round trip, and transactions start with `BEGIN IMMEDIATE`. The write batcher
 * runs `run(work)` items through it; statement-only batches skip it and go to the writer in one message.
 *
 * @example
 * const writerDb = new Kysely<Database>({ dialect: createSqliteWriterDialect(writer) })
 */
export function createSqliteWriterDialect(writer: SqliteWriter): SqliteDialect {
  return new SqliteWriterDialect(writer)
}

class SqliteWriterDialect extends SqliteDialect {
  readonly #writer: SqliteWriter

  constructor(writer: SqliteWriter) {
    // The base class wants a database; the driver below replaces the one that would use it.
    super({ database: {} as never })
    this.#writer = writer
  }

  override createDriver(): Driver {
    return new SqliteWriterDriver(this.#writer)
  }
}

class SqliteWriterDriver implements Driver {
  readonly #connection: SqliteWriterConnection
  #queue: Promise<void> = Promise.resolve()
  #release: (() => void) | undefined

  constructor(writer: SqliteWriter) {
    this.#connection = new SqliteWriterConnection(writer)
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // One connection: callers take turns.
    const previous = this.#queue
    let release!: () => void
    this.#queue = new Promise<void>((resolve) => {
      release = resolve
    })
    await previous
    this.#release = release
    return this.#connection
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release
    this.#release = undefined
    release?.()
  }

  async beginTransaction(): Promise<void> {
    await this.#connection.send({ kind: 'begin' })
  }

  async commitTransaction(): Promise<void> {
    await this.#connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(): Promise<void> {
    await this.#connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async savepoint(_connection: DatabaseConnection, name: string): Promise<void> {
    await this.#connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`))
  }

  async rollbackToSavepoint(_connection: DatabaseConnection, name: string): Promise<void> {
    await this.#connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`))
  }

  async releaseSavepoint(_connection: DatabaseConnection, name: string): Promise<void> {
    await this.#connection.executeQuery(CompiledQuery.raw(`release "${name}"`))
  }

  async destroy(): Promise<void> {}
}

class SqliteWriterConnection implements DatabaseConnection {
  readonly #writer: SqliteWriter

  constructor(writer: SqliteWriter) {
    this.#writer = writer
  }

  async send(command: SqliteWriterCommand): Promise<unknown> {
    const [reply] = await this.#writer.execute([command])
    if (!reply) throw new Error('the SQLite writer thread gave no reply')
    if (!reply.ok) throw reply.error
    return reply.result
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery
    return (await this.send({ kind: 'exec', sql, parameters })) as SqliteWriterResult as QueryResult<R>
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported on the writer connection.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries are not supported on the SQLite writer connection')
  }
}
