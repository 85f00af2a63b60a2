import { createInterface } from 'node:readline'
import { createStore } from '../createStore.js'
import { migrateToLatest } from '../migrateToLatest.js'

/**
 * Child process for the concurrent-migration test: opens the store given as JSON in argv[2], prints
 * `ready`, waits for a line on stdin (so both children start migrating together), migrates, prints the
 * result as JSON and exits.
 */
const location = JSON.parse(process.argv[2] ?? '{}')
const store = await createStore(location)
const lines = createInterface({ input: process.stdin })
process.stdout.write('ready\n')
await new Promise<void>((resolve) => lines.once('line', () => resolve()))
lines.close()
try {
  const results = await migrateToLatest(store.db)
  process.stdout.write(`${JSON.stringify({ ran: results.map((result) => result.migrationName) })}\n`)
} catch (error) {
  process.stdout.write(`${JSON.stringify({ error: String(error), cause: String((error as Error).cause) })}\n`)
} finally {
  await store.close()
}
