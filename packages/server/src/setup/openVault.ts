import type { Logger } from '../log/createLogger.js'
import { createMasterKeyProvider } from '../vault/createMasterKeyProvider.js'
import { createPkcs11KeyProvider } from '../vault/createPkcs11KeyProvider.js'
import { createVault, type Vault } from '../vault/createVault.js'
import { InvalidMasterKeyError } from '../vault/errors.js'
import { loadMasterKey } from '../vault/loadMasterKey.js'
import { parseMasterKey } from '../vault/parseMasterKey.js'
import { parsePkcs11Config } from '../vault/parsePkcs11Config.js'

/**
 * Opens the vault with the configured master key (already resolved from config or
 * `SIGIL_MASTER_KEY`), or with `<dataDir>/master.key`, created with a loud warning on first start. While a
 * `sigil-server vault rotate` is unfinished, `previousMasterKey` (`SIGIL_PREVIOUS_MASTER_KEY`) also opens
 * what the old key still wraps; new secrets are sealed under the current key only. With `pkcs11`
 * (`SIGIL_MASTER_KEY_PKCS11`) the master key is an AES key inside a PKCS#11 token instead
 * (docs/deploy.md#master-keys).
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
  pkcs11 = process.env.SIGIL_MASTER_KEY_PKCS11 || undefined,
}: {
  dataDir: string
  masterKey: string | undefined
  logger: Logger
  /** Accept a `master.key` that group or others may read or write (see `loadMasterKey`). */
  allowInsecureKeyFile?: boolean
  /** The master key a rotation is moving away from (docs/deploy.md#master-keys); opens only. */
  previousMasterKey?: string | undefined
  /** `module=…;token=…;pin=…;label=…`: the master key stays in this PKCS#11 token. */
  pkcs11?: string | undefined
}): Promise<Vault> {
  const previous = previousMasterKey
    ? parseMasterKey(previousMasterKey, 'SIGIL_PREVIOUS_MASTER_KEY')
    : undefined
  const previousKeyProviders = previous ? [createMasterKeyProvider({ masterKey: previous })] : []
  previous?.fill(0)
  if (pkcs11) {
    if (masterKey)
      throw new InvalidMasterKeyError(
        'both SIGIL_MASTER_KEY and SIGIL_MASTER_KEY_PKCS11 are set; set one (a key being rotated away from goes in SIGIL_PREVIOUS_MASTER_KEY)',
      )
    const keyProvider = await createPkcs11KeyProvider(parsePkcs11Config(pkcs11, 'SIGIL_MASTER_KEY_PKCS11'))
    return createVault({ keyProvider, previousKeyProviders })
  }
  const loaded = await loadMasterKey({
    dataDir,
    env: { SIGIL_MASTER_KEY: masterKey },
    allowInsecureKeyFile,
    log: (message) => {
      for (const line of message.split('\n')) logger.warn(line)
    },
  })
  try {
    return createVault({
      keyProvider: createMasterKeyProvider({ masterKey: loaded.masterKey }),
      previousKeyProviders,
    })
  } finally {
    loaded.masterKey.fill(0)
  }
}
