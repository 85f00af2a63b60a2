import { type DatabaseIntrospector, type Kysely, sql, type TableMetadata } from 'kysely'

/**
 * A PostgreSQL introspector that lists only the tables of the connection's `current_schema()`, which is
 * all the migrator asks it (does `kysely_migration` exist here?). Kysely's own one reads every schema's
 * columns and calls `has_schema_privilege` on each schema name, so a schema that another client drops
 * meanwhile (test stores, tenants sharing one database) fails that read with 3F000 and the migration
 * with it. Tables come back without their columns.
 *
 * @example
 * class Dialect extends PostgresDialect { createIntrospector = createSchemaScopedIntrospector }
 */
// biome-ignore lint/suspicious/noExplicitAny: introspection works on any database.
export function createSchemaScopedIntrospector(db: Kysely<any>): DatabaseIntrospector {
  const getTables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, ns.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname`.execute(db)
    return rows.map((row) => ({ name: row.name, schema: row.schema, isView: row.kind === 'v', columns: [] }))
  }
  return {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`
        select nspname as name from pg_catalog.pg_namespace order by nspname`.execute(db)
      return rows
    },
    getTables,
    async getMetadata() {
      return { tables: await getTables() }
    },
  }
}
