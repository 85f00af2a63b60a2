import { type Compilable, CompiledQuery, type Kysely } from 'kysely'
import { queryParameterIndex } from './queryParameter.js'
import type { Database } from './schema.js'

export type CompiledQueryFactory<Row> = (
  db: Kysely<Database>,
  values: readonly unknown[],
) => CompiledQuery<Row>

/**
 * Builds and compiles a query once per database (its SQL text never changes), then makes each run's
 * `CompiledQuery` by binding `values` in place of the {@link queryParameter} placeholders. Building a
 * Kysely query costs more than running it on SQLite; hot paths use this instead.
 *
 * @example
 * const insertActivity = compileQueryOnce((db) => db.insertInto('activities').values({ id: queryParameter(0), … }))
 * await batcher.runStatements([insertActivity(ctx.store.db, [id, …])])
 */
export function compileQueryOnce<Row>(
  build: (db: Kysely<Database>) => Compilable<Row>,
): CompiledQueryFactory<Row> {
  const compiledByDb = new WeakMap<Kysely<Database>, (values: readonly unknown[]) => CompiledQuery<Row>>()
  return (db, values) => {
    let bind = compiledByDb.get(db)
    if (!bind) {
      const { sql, parameters } = build(db).compile()
      const positions = parameters.map(queryParameterIndex)
      bind = (bound) =>
        CompiledQuery.raw(
          sql,
          positions.map((position, index) => (position === undefined ? parameters[index] : bound[position])),
        ) as CompiledQuery<Row>
      compiledByDb.set(db, bind)
    }
    return bind(values)
  }
}
