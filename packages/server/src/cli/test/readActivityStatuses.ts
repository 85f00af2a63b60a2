import type { Store } from '../../store/createStore.js'

/**
 * The stored status of each of `ids` that is in the `activities` table (looked up 500 at a time).
 *
 * @example
 * const stored = await readActivityStatuses(store, answeredIds)
 * expect(stored.size).toBe(answeredIds.length)
 */
export async function readActivityStatuses(store: Store, ids: string[]): Promise<Map<string, string>> {
  const stored = new Map<string, string>()
  for (let index = 0; index < ids.length; index += 500) {
    const rows = await store.db
      .selectFrom('activities')
      .select(['id', 'status'])
      .where('id', 'in', ids.slice(index, index + 500))
      .execute()
    for (const row of rows) stored.set(row.id, row.status)
  }
  return stored
}
