import { type DatabaseIntrospector, type Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { createSchemaScopedIntrospector } from './createSchemaScopedIntrospector.js'

/** Type id of PostgreSQL's `int8` (`bigint` columns, also `count(*)`). */
const INT8_OID = 20

/**
 * A Kysely PostgreSQL dialect on its own `pg` pool. `int8`/`bigint` values (epoch-ms times, counts) come
 * back as JS numbers through a type parser set on this pool only; the process-wide `pg.types` stay as they
 * are. Epoch milliseconds stay far below 2^53, so no precision is lost. Introspection (what the migrator
 * asks) sees only the connection's `current_schema()`.
 *
 * @example
 * const db = new Kysely<Database>({ dialect: createPostgresDialect('postgres://postgres@127.0.0.1/sigil') })
 */
export function createPostgresDialect(databaseUrl: string): PostgresDialect & { pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID && format !== 'binary'
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  })
  // An idle client that loses its server emits 'error' on the pool; pg drops that client and the next query
  // opens a new one. Without a listener the event would crash the process.
  pool.on('error', () => {})
  // The pool is exposed for the metrics' pool gauges.
  return Object.assign(new SchemaScopedPostgresDialect({ pool }), { pool })
}

/** Kysely's PostgreSQL dialect whose introspection stays in `current_schema()` (see the introspector). */
class SchemaScopedPostgresDialect extends PostgresDialect {
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature.
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return createSchemaScopedIntrospector(db)
  }
}
