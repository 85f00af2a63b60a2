import { parseArgs } from 'node:util'
import { createStore } from '../store/createStore.js'
import { migrateToLatest } from '../store/migrateToLatest.js'
import { commonOptions, storeLocation } from './parseCliArgs.js'

export const migrateUsage = 'sigil-server migrate [--data-dir ./.sigil] [--database-url URL]'

/** `sigil-server migrate`: brings the store's schema up to date (safe while a server runs). */
export async function migrateCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { ...commonOptions }, strict: true })
  if (values.help) return void console.log(migrateUsage)
  const store = await createStore(storeLocation(values))
  try {
    await migrateToLatest(store.db)
    console.log(`store is up to date (${store.dialect})`)
  } finally {
    await store.close()
  }
}
