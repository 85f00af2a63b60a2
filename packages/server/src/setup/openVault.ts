import type { Logger } from '../log/createLogger.js'
import { createMasterKeyProvider } from '../vault/createMasterKeyProvider.js'
import { createVault, type Vault } from '../vault/createVault.js'
import { loadMasterKey } from '../vault/loadMasterKey.js'

/**
 * Opens the vault with the configured master key (already resolved from config or
 * `SIGIL_MASTER_KEY`), or with `<dataDir>/master.key`, created with a loud warning on first start.
 *
 * @example
 * const vault = await openVault({ dataDir: '.sigil', masterKey: undefined, logger })
 */
export async function openVault({
  dataDir,
  masterKey,
  logger,
  allowInsecureKeyFile = false,
}: {
  dataDir: string
  masterKey: string | undefined
  logger: Logger
  /** Accept a `master.key` that group or others may read or write (see `loadMasterKey`). */
  allowInsecureKeyFile?: boolean
}): Promise<Vault> {
  const loaded = await loadMasterKey({
    dataDir,
    env: { SIGIL_MASTER_KEY: masterKey },
    allowInsecureKeyFile,
    log: (message) => {
      for (const line of message.split('\n')) logger.warn(line)
    },
  })
  try {
    return createVault({ keyProvider: createMasterKeyProvider({ masterKey: loaded.masterKey }) })
  } finally {
    loaded.masterKey.fill(0)
  }
}
