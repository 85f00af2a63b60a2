import type { Pagination } from '@sigil/protocol'
import type { SelectQueryBuilder } from 'kysely'
import type { Database } from '../../store/schema.js'

type PageableTable = 'activities' | 'wallet_accounts' | 'organizations'

/**
 * Applies `paginationOptions` (`limit` default 10, at most 100; `after`/`before` are ids) to a
 * query ordered by `created_at, id`. Cursor ids that do not exist give an empty page.
 *
 * @example
 * const rows = await applyPagination(db.selectFrom('activities').selectAll(), 'activities', pagination).execute()
 */
export function applyPagination<table extends PageableTable, output>(
  query: SelectQueryBuilder<Database, table, output>,
  table: table,
  pagination: Pagination | undefined,
): SelectQueryBuilder<Database, table, output> {
  const limit = Number(pagination?.limit ?? 10)
  // biome-ignore lint/suspicious/noExplicitAny: Kysely cannot type column refs on a generic table.
  let result = query as SelectQueryBuilder<any, any, output>
  const cursor =
    (id: string) =>
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    (eb: any) =>
      eb.selectFrom(table).select('created_at').where('id', '=', id)
  if (pagination?.after) {
    const after = pagination.after
    result = result.where((eb) =>
      eb.or([
        eb(`${table}.created_at`, '>', cursor(after)(eb)),
        eb.and([eb(`${table}.created_at`, '=', cursor(after)(eb)), eb(`${table}.id`, '>', after as never)]),
      ]),
    )
  }
  if (pagination?.before) {
    const before = pagination.before
    result = result.where((eb) =>
      eb.or([
        eb(`${table}.created_at`, '<', cursor(before)(eb)),
        eb.and([eb(`${table}.created_at`, '=', cursor(before)(eb)), eb(`${table}.id`, '<', before as never)]),
      ]),
    )
  }
  return result.orderBy(`${table}.created_at`).orderBy(`${table}.id`).limit(limit) as SelectQueryBuilder<
    Database,
    table,
    output
  >
}
