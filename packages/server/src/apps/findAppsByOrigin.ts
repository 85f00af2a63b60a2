import type { Kysely } from 'kysely'
import type { Database } from '../store/schema.js'
import type { App } from './App.js'
import { toApp } from './toApp.js'

/**
 * Apps whose allowed origins include `origin` (exact match on the normalized origin).
 *
 * @example
 * const [app] = await findAppsByOrigin(db, 'http://localhost:5173')
 */
export async function findAppsByOrigin(db: Kysely<Database>, origin: string): Promise<App[]> {
  // The JSON text holds the origin in quotes; the LIKE narrows, the parse decides.
  const quoted = JSON.stringify(origin)
  const rows = await db
    .selectFrom('apps')
    .selectAll()
    .where('allowed_origins', 'like', `%${quoted.replace(/[\\%_]/g, (char) => `\\${char}`)}%`)
    .orderBy('created_at')
    .execute()
  return rows.map(toApp).filter((app) => app.allowedOrigins.includes(origin))
}
