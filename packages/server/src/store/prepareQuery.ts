import type { Compilable, Kysely } from 'kysely'
import { compileQueryOnce } from './compileQueryOnce.js'
import type { Store } from './createStore.js'
import type { Database } from './schema.js'

export type PreparedQuery<Row> = (store: Store, values: readonly unknown[]) => Promise<Row[]>

/**
 * A read query compiled once per store (see `compileQueryOnce`). On SQLite it runs as a better-sqlite3
 * prepared statement straight on the store's connection, skipping Kysely's executor too; while that
 * connection is inside a transaction (a write on it is in progress) it goes through Kysely, which waits
 * for the transaction, so it never reads uncommitted rows. On PostgreSQL it runs through Kysely's pool.
 *
 * @example
 * const findApiKeys = prepareQuery((db) => db.selectFrom('api_keys').selectAll().where('public_key', '=', queryParameter(0)))
 * const rows = await findApiKeys(ctx.store, [publicKey])
 */
export function prepareQuery<Row>(build: (db: Kysely<Database>) => Compilable<Row>): PreparedQuery<Row> {
  const compile = compileQueryOnce(build)
  const statements = new WeakMap<Kysely<Database>, { all(parameters: readonly unknown[]): unknown[] }>()
  return async (store, values) => {
    const query = compile(store.db, values)
    const { sqlite } = store
    if (sqlite && !sqlite.inTransaction) {
      let statement = statements.get(store.db)
      if (!statement) {
        statement = sqlite.prepare(query.sql)
        statements.set(store.db, statement)
      }
      return statement.all(query.parameters) as Row[]
    }
    return (await store.db.executeQuery(query)).rows
  }
}
