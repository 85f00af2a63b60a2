import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createStore } from '../store/createStore.js'
import { migrateToLatest } from '../store/migrateToLatest.js'
import { createMasterKeyProvider } from '../vault/createMasterKeyProvider.js'
import { createPkcs11KeyProvider } from '../vault/createPkcs11KeyProvider.js'
import { InvalidMasterKeyError } from '../vault/errors.js'
import type { KeyProvider } from '../vault/KeyProvider.js'
import { readKeyFile } from '../vault/loadMasterKey.js'
import { parseMasterKey } from '../vault/parseMasterKey.js'
import { parsePkcs11Config } from '../vault/parsePkcs11Config.js'
import { rotateVault } from '../vault/rotateVault.js'
import { vaultUsage } from './cliUsage.js'
import { commonOptions, storeLocation } from './parseCliArgs.js'

/**
 * `sigil-server vault rotate --new-master-key-file FILE` (or `SIGIL_NEW_MASTER_KEY`): re-wraps every stored
 * data key under the new master key, row by row, printing `rotated N/M` as it goes. The current key is
 * `SIGIL_MASTER_KEY_PKCS11`, `SIGIL_MASTER_KEY` or `<data dir>/master.key` (plus `SIGIL_PREVIOUS_MASTER_KEY`
 * when set); the new one may be a PKCS#11 key (`--new-master-key-pkcs11 SPEC`). Safe to stop
 * or kill at any point and run again; prints `done` only when no row is wrapped by another key
 * (docs/deploy.md#master-keys).
 */
export async function vaultCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      ...commonOptions,
      'new-master-key-file': { type: 'string' },
      'new-master-key-pkcs11': { type: 'string' },
      'rows-per-second': { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  })
  if (values.help) return void console.log(vaultUsage)
  if (positionals[0] !== 'rotate' || positionals.length !== 1) throw new Error(`usage: ${vaultUsage}`)
  const rowsPerSecond =
    values['rows-per-second'] === undefined ? undefined : Number(values['rows-per-second'])
  if (rowsPerSecond !== undefined && !(rowsPerSecond > 0)) throw new Error('--rows-per-second must be > 0')

  const location = storeLocation(values)
  const dataDir = resolve(location.dataDir ?? '.sigil')
  const allowInsecure = process.env.SIGIL_ALLOW_INSECURE_KEY_FILE === '1'
  const log = (message: string) => console.error(message)
  /** The key from the environment variable `envName` when set, else from `file` (required if given). */
  const keyFrom = async (
    envName: string | undefined,
    file: string | undefined,
  ): Promise<KeyProvider | undefined> => {
    const text = envName ? process.env[envName] : undefined
    const key =
      text && envName
        ? parseMasterKey(text, envName)
        : file
          ? await readKeyFile(resolve(file), { log, allowInsecure })
          : undefined
    if (file && !text && !key) throw new InvalidMasterKeyError(`no master key file at ${resolve(file)}`)
    if (!key) return undefined
    try {
      return createMasterKeyProvider({ masterKey: key })
    } finally {
      key.fill(0)
    }
  }
  const newFile = values['new-master-key-file']
  const hsm = async (text: string | undefined, source: string) =>
    text ? await createPkcs11KeyProvider(parsePkcs11Config(text, source)) : undefined
  const to = newFile
    ? await keyFrom(undefined, newFile)
    : ((await hsm(values['new-master-key-pkcs11'], '--new-master-key-pkcs11')) ??
      (await hsm(process.env.SIGIL_NEW_MASTER_KEY_PKCS11, 'SIGIL_NEW_MASTER_KEY_PKCS11')) ??
      (await keyFrom('SIGIL_NEW_MASTER_KEY', undefined)))
  if (!to)
    throw new InvalidMasterKeyError(
      'give the new key: --new-master-key-file FILE or SIGIL_NEW_MASTER_KEY, or --new-master-key-pkcs11 SPEC or SIGIL_NEW_MASTER_KEY_PKCS11',
    )
  const current =
    (await hsm(process.env.SIGIL_MASTER_KEY_PKCS11, 'SIGIL_MASTER_KEY_PKCS11')) ??
    (await keyFrom('SIGIL_MASTER_KEY', resolve(dataDir, 'master.key')))
  const previous = await keyFrom('SIGIL_PREVIOUS_MASTER_KEY', undefined)
  const from = [current, previous].filter((provider): provider is KeyProvider => provider !== undefined)

  const store = await createStore(location)
  try {
    await migrateToLatest(store.db)
    let printed = 0
    const { rewrapped, remaining } = await rotateVault({
      db: store.db,
      from,
      to,
      rowsPerSecond,
      onProgress: ({ rewrapped, total }) => {
        if (rewrapped - printed >= 10 || rewrapped === total) {
          printed = rewrapped
          console.log(`rotated ${rewrapped}/${total}`)
        }
      },
    })
    if (remaining > 0) {
      throw new Error(
        `${remaining} stored keys are still wrapped by another master key than ${to.id} (servers still sealing under the old key?); the old key is still needed: keep it and run vault rotate again`,
      )
    }
    console.log(
      `done: re-wrapped ${rewrapped} rows; every stored data key is wrapped by ${to.id}. The old master key is no longer needed once every server runs with the new one.`,
    )
  } finally {
    await store.close()
  }
}
