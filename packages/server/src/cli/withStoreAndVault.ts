import { resolve } from 'node:path'
import type { Kysely } from 'kysely'
import { createLogger } from '../log/createLogger.js'
import { openVault } from '../setup/openVault.js'
import { createStore } from '../store/createStore.js'
import { migrateToLatest } from '../store/migrateToLatest.js'
import type { Database } from '../store/schema.js'
import type { Vault } from '../vault/createVault.js'
import { storeLocation } from './parseCliArgs.js'

/**
 * Runs `action` on the store (migrated) and the vault as `sigil-server start` would find them for these
 * CLI values (`--data-dir`, `--database-url`; the master key from SIGIL_MASTER_KEY, else
 * `<data dir>/master.key`), then closes the store. For commands that work while a server runs on the
 * same store.
 *
 * @example
 * const { address } = await withStoreAndVault(values, (db, vault) => ensurePaymasterSigner(db, vault, { now: Date.now() }))
 */
export async function withStoreAndVault<result>(
  values: Parameters<typeof storeLocation>[0],
  action: (db: Kysely<Database>, vault: Vault) => Promise<result>,
): Promise<result> {
  const location = storeLocation(values)
  const dataDir = resolve(location.dataDir ?? '.sigil')
  const masterKey = process.env.SIGIL_MASTER_KEY || undefined
  const store = await createStore(location)
  try {
    await migrateToLatest(store.db)
    const vault = await openVault({
      dataDir,
      masterKey,
      logger: createLogger({ level: 'warn' }),
      allowInsecureKeyFile: process.env.SIGIL_ALLOW_INSECURE_KEY_FILE === '1',
    })
    return await action(store.db, vault)
  } finally {
    await store.close()
  }
}
