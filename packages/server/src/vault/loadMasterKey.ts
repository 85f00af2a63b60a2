import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { link, mkdir, open, readFile, stat, unlink } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { InsecureKeyFileError, InvalidMasterKeyError } from './errors.js'
import { parseMasterKey } from './parseMasterKey.js'

export type LoadMasterKeyParameters = {
  /** Where `master.key` lives when `SIGIL_MASTER_KEY` is not set; created with mode 0700. */
  dataDir: string
  /** Default `process.env`. */
  env?: Record<string, string | undefined>
  /**
   * Use a key file that group or others may read or write (refused otherwise). Default
   * `env.SIGIL_ALLOW_INSECURE_KEY_FILE === '1'`.
   */
  allowInsecureKeyFile?: boolean | undefined
  /** Receives warnings (one multi-line string each). */
  log: (message: string) => void
}

export type LoadMasterKeyReturnType = {
  /** 32 bytes. Hand it to `createMasterKeyProvider`, then zero it. */
  masterKey: Uint8Array
  source: 'env' | 'file'
  /** The key file, when the key came from one. */
  path: string | undefined
  /** Whether this call created the key file. */
  created: boolean
}

/**
 * Loads the vault's master key: `SIGIL_MASTER_KEY` (64 hex characters, or base64/base64url of 32 bytes) or
 * else `<dataDir>/master.key`, created on first start (32 random bytes as hex, mode 0600, written to a temp
 * file, fsynced and linked into place so two processes starting together cannot replace each other's key)
 * with a loud warning through `log`. An existing key file whose mode lets group or others read or write it
 * is refused ({@link InsecureKeyFileError}, the message says to `chmod 600` it) unless `allowInsecureKeyFile`
 * (`--allow-insecure-key-file`, `SIGIL_ALLOW_INSECURE_KEY_FILE=1`), which only warns.
 *
 * @example
 * const { masterKey } = await loadMasterKey({ dataDir: '.sigil', log: (message) => logger.warn(message) })
 * const vault = createVault({ keyProvider: createMasterKeyProvider({ masterKey }) })
 * masterKey.fill(0)
 */
export async function loadMasterKey(parameters: LoadMasterKeyParameters): Promise<LoadMasterKeyReturnType> {
  const { env = process.env, log } = parameters
  const allowInsecure = parameters.allowInsecureKeyFile ?? env.SIGIL_ALLOW_INSECURE_KEY_FILE === '1'
  const read = (file: string) => readKeyFile(file, { log, allowInsecure })
  const dataDir = resolve(parameters.dataDir)
  const path = join(dataDir, 'master.key')

  const fromEnv = env.SIGIL_MASTER_KEY
  if (fromEnv !== undefined) {
    if (fromEnv.trim() === '') throw new InvalidMasterKeyError('SIGIL_MASTER_KEY is set but empty')
    return {
      masterKey: parseMasterKey(fromEnv, 'SIGIL_MASTER_KEY'),
      source: 'env',
      path: undefined,
      created: false,
    }
  }

  const existing = await read(path)
  if (existing) return { masterKey: existing, source: 'file', path, created: false }

  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const masterKey = randomBytes(32)
  const temporary = join(dataDir, `.master.key.${randomBytes(6).toString('hex')}.tmp`)
  const handle = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600)
  try {
    await handle.writeFile(`${masterKey.toString('hex')}\n`)
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    // link() fails if master.key appeared meanwhile (another process won the race), where rename() would
    // silently replace a key that may already protect data.
    await link(temporary, path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    masterKey.fill(0)
    const winner = await read(path)
    if (!winner) throw error
    return { masterKey: winner, source: 'file', path, created: false }
  } finally {
    await unlink(temporary).catch(() => {})
  }
  await syncDirectory(dataDir)

  log(
    [
      '',
      '################################################################################',
      '#  WARNING: Sigil created a new master key:',
      `#    ${path}`,
      '#',
      '#  Whoever holds this file controls every wallet this server stores.',
      '#  - Back it up somewhere safe and offline NOW: without it, no stored wallet or',
      '#    server key can ever be decrypted again.',
      '#  - Never commit it, share it, or bake it into an image.',
      '#  - In production set SIGIL_MASTER_KEY (64 hex characters) from a secret store',
      '#    instead of keeping the key next to the database, e.g.',
      `#      SIGIL_MASTER_KEY=$(cat ${path})`,
      '################################################################################',
      '',
    ].join('\n'),
  )
  return { masterKey, source: 'file', path, created: true }
}

/**
 * Reads a master key file (raw 32 bytes, or hex/base64 text), refusing one that group or others may read or
 * write unless `allowInsecure` (then it only warns through `log`). `undefined` when the file does not exist.
 *
 * @example
 * const key = await readKeyFile("./new-master.key", { log: console.warn, allowInsecure: false })
 */
export async function readKeyFile(
  path: string,
  { log, allowInsecure }: { log: (message: string) => void; allowInsecure: boolean },
): Promise<Uint8Array | undefined> {
  let mode: number
  try {
    mode = (await stat(path)).mode
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  if (mode & 0o077) {
    const octal = (mode & 0o777).toString(8).padStart(4, '0')
    const problem = `the master key file ${path} can be read or written by group or others (mode ${octal})`
    if (!allowInsecure)
      throw new InsecureKeyFileError(
        `${problem}; whoever reads it controls every wallet. Run: chmod 600 ${path} (or start with --allow-insecure-key-file / SIGIL_ALLOW_INSECURE_KEY_FILE=1 to accept the risk)`,
      )
    log(`WARNING: ${problem}; allowed by --allow-insecure-key-file. Run: chmod 600 ${path}`)
  }
  const bytes = await readFile(path)
  // A raw 32-byte file (e.g. `head -c 32 /dev/urandom`) or the hex/base64 text this function writes.
  if (bytes.length === 32) return bytes
  try {
    return parseMasterKey(bytes.toString('utf8'), `the master key file ${path}`)
  } finally {
    bytes.fill(0)
  }
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY)
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
