import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createLogger } from '../log/createLogger.js'
import { openVault } from '../setup/openVault.js'
import { ensurePaymasterSigner } from '../sponsor/ensurePaymasterSigner.js'
import { createStore } from '../store/createStore.js'
import { migrateToLatest } from '../store/migrateToLatest.js'
import { commonOptions, storeLocation } from './parseCliArgs.js'

export const paymasterSignerUsage = 'sigil-server paymaster signer [--data-dir ./.sigil] [--database-url URL]'

/**
 * `sigil-server paymaster signer`: prints `{"address":"0x…"}`, the paymaster signer the Sigil
 * paymasters must trust (`setSigner`); creates the key in the vault on first use. Works while a server
 * runs on the same store (both get the same key).
 */
export async function paymasterSignerCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { ...commonOptions }, strict: true })
  if (values.help) return void console.log(paymasterSignerUsage)
  const location = storeLocation(values)
  // The vault's master key as `start` finds it: SIGIL_MASTER_KEY, else <data dir>/master.key.
  const dataDir = resolve(location.dataDir ?? '.sigil')
  const masterKey = process.env.SIGIL_MASTER_KEY || undefined
  const store = await createStore(location)
  try {
    await migrateToLatest(store.db)
    const vault = await openVault({ dataDir, masterKey, logger: createLogger({ level: 'warn' }) })
    const { address } = await ensurePaymasterSigner(store.db, vault, { now: Date.now() })
    console.log(JSON.stringify({ address }))
  } finally {
    await store.close()
  }
}
