import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createStore } from '../src/store/createStore.js'
import { migrateToLatest } from '../src/store/migrateToLatest.js'

/**
 * A fresh SQLite store for the floor server in a temp dir, deleted when this process exits, with the
 * server's migrations (so the `activities` table has the server's indexes). Returns the data dir.
 *
 * @example
 * const dataDir = await createFloorStore()
 */
export async function createFloorStore(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sigil-bench-floor-'))
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }))
  const store = await createStore({ dataDir })
  await migrateToLatest(store.db)
  await store.db.destroy()
  return dataDir
}
