import type { Logger } from '../log/createLogger.js'
import { createMasterKeyProvider } from '../vault/createMasterKeyProvider.js'
import { createVault, type Vault } from '../vault/createVault.js'
import { loadMasterKey } from '../vault/loadMasterKey.js'
import { parseMasterKey } from '../vault/parseMasterKey.js'

/**
 * Opens the vault with the configured master key (already resolved from config or
 * `SIGIL_MASTER_KEY`), or with `<dataDir>/master.key`, created with a loud warning on first start. While a
 * `sigil-server vault rotate` is unfinished, `previousMasterKey` (`SIGIL_PREVIOUS_MASTER_KEY`) also opens
 * what the old key still wraps; new secrets are sealed under the current key only.
 *
 * @example
 * const vault = await openVault({ dataDir: '.sigil', masterKey: undefined, logger })
 */
export async function openVault({
  dataDir,
  masterKey,
  logger,
  allowInsecureKeyFile = false,
  previousMasterKey = process.env.SIGIL_PREVIOUS_MASTER_KEY || undefined,
}: {
  dataDir: string
  masterKey: string | undefined
  logger: Logger
  /** Accept a `master.key` that group or others may read or write (see `loadMasterKey`). */
  allowInsecureKeyFile?: boolean
  /** The master key a rotation is moving away from (docs/deploy.md#master-keys); opens only. */
  previousMasterKey?: string | undefined
}): Promise<Vault> {
  const loaded = await loadMasterKey({
    dataDir,
    env: { SIGIL_MASTER_KEY: masterKey },
    allowInsecureKeyFile,
    log: (message) => {
      for (const line of message.split('\n')) logger.warn(line)
    },
  })
  const previous = previousMasterKey
    ? parseMasterKey(previousMasterKey, 'SIGIL_PREVIOUS_MASTER_KEY')
    : undefined
  try {
    return createVault({
      keyProvider: createMasterKeyProvider({ masterKey: loaded.masterKey }),
      previousKeyProviders: previous ? [createMasterKeyProvider({ masterKey: previous })] : [],
    })
  } finally {
    loaded.masterKey.fill(0)
    previous?.fill(0)
  }
}
