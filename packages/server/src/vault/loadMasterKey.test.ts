import { randomBytes } from 'node:crypto'
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { createMasterKeyProvider } from './createMasterKeyProvider.js'
import { createVault } from './createVault.js'
import { InsecureKeyFileError, InvalidMasterKeyError } from './errors.js'
import { loadMasterKey } from './loadMasterKey.js'

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'sigil-master-key-'))
  dirs.push(dir)
  return dir
}

const key = Buffer.from('8f3a5c0e1d2b4a6978c6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4', 'hex')

describe('loadMasterKey', () => {
  test('default', async () => {
    const dataDir = join(await tempDir(), 'data')
    const messages: string[] = []
    const first = await loadMasterKey({ dataDir, env: {}, log: (message) => messages.push(message) })
    expect(first).toMatchObject({ source: 'file', path: join(dataDir, 'master.key'), created: true })
    expect(first.masterKey).toHaveLength(32)
    expect((await stat(join(dataDir, 'master.key'))).mode & 0o777).toBe(0o600)
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700)
    expect(await readdir(dataDir)).toEqual(['master.key'])
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain('controls every wallet')
    expect(messages[0]).toMatch(/back it up/i)
    expect(messages[0]).toContain('SIGIL_MASTER_KEY')
    expect(messages[0]!.split('\n').length).toBeGreaterThan(5)
    expect(messages[0]).not.toContain(Buffer.from(first.masterKey).toString('hex'))

    const second = await loadMasterKey({ dataDir, env: {}, log: (message) => messages.push(message) })
    expect(second).toMatchObject({ source: 'file', created: false })
    expect(second.masterKey).toEqual(first.masterKey)
    expect(messages).toHaveLength(1)
  })

  test('behavior: a key file survives a restart with the vault (what was sealed opens again)', async () => {
    const dataDir = await tempDir()
    const log = () => {}
    const first = await loadMasterKey({ dataDir, env: {}, log })
    const sealed = createVault({ keyProvider: createMasterKeyProvider(first) }).seal(Buffer.from('seed'), 'w')
    const second = await loadMasterKey({ dataDir, env: {}, log })
    const reopened = createVault({ keyProvider: createMasterKeyProvider(second) }).open(sealed, 'w')
    expect(Buffer.from(reopened).toString()).toBe('seed')
  })

  test('behavior: concurrent first starts agree on one key file (the loser of the race reads the key that won)', async () => {
    const dataDir = await tempDir()
    const loads = await Promise.all(
      Array.from({ length: 8 }, () => loadMasterKey({ dataDir, env: {}, log: () => {} })),
    )
    expect(loads.filter((load) => load.created)).toHaveLength(1)
    for (const load of loads) expect(load.masterKey).toEqual(loads[0]!.masterKey)
    expect(await readdir(dataDir)).toEqual(['master.key'])
  })

  test.each([
    ['hex', key.toString('hex')],
    ['uppercase hex', key.toString('hex').toUpperCase()],
    ['base64', key.toString('base64')],
    ['base64url', key.toString('base64url')],
    ['base64 without padding', key.toString('base64').replace(/=$/, '')],
    ['hex with a trailing newline', `${key.toString('hex')}\n`],
  ])('behavior: SIGIL_MASTER_KEY as %s', async (_, value) => {
    const dataDir = await tempDir()
    const loaded = await loadMasterKey({ dataDir, env: { SIGIL_MASTER_KEY: value }, log: () => {} })
    expect(loaded).toMatchObject({ source: 'env', created: false, path: undefined })
    expect(Buffer.from(loaded.masterKey)).toEqual(key)
    expect(await readdir(dataDir)).toEqual([])
  })

  test('behavior: a raw 32-byte key file', async () => {
    const dataDir = await tempDir()
    await writeFile(join(dataDir, 'master.key'), key, { mode: 0o600 })
    const loaded = await loadMasterKey({ dataDir, env: {}, log: () => {} })
    expect(Buffer.from(loaded.masterKey)).toEqual(key)
  })

  test('behavior: a key file others can read is used with a warning when explicitly allowed', async () => {
    const dataDir = await tempDir()
    await writeFile(join(dataDir, 'master.key'), key.toString('hex'), { mode: 0o644 })
    const messages: string[] = []
    const log = (message: string) => messages.push(message)
    const allowed = await loadMasterKey({ dataDir, env: {}, allowInsecureKeyFile: true, log })
    expect(Buffer.from(allowed.masterKey)).toEqual(key)
    const fromEnv = await loadMasterKey({ dataDir, env: { SIGIL_ALLOW_INSECURE_KEY_FILE: '1' }, log })
    expect(Buffer.from(fromEnv.masterKey)).toEqual(key)
    expect(messages).toEqual([expect.stringContaining('chmod 600'), expect.stringContaining('chmod 600')])
  })

  test.each([0o640, 0o604, 0o620, 0o602, 0o660])(
    'error: a key file of mode %o (group or others may read or write) is refused',
    async (mode) => {
      const dataDir = await tempDir()
      const file = join(dataDir, 'master.key')
      await writeFile(file, key.toString('hex'))
      await chmod(file, mode)
      const error = await loadMasterKey({ dataDir, env: {}, log: () => {} }).catch(
        (caught: unknown) => caught,
      )
      expect(error).toBeInstanceOf(InsecureKeyFileError)
      expect((error as Error).message).toContain(`chmod 600 ${file}`)
      expect((error as Error).message).toContain('--allow-insecure-key-file')
      expect((error as Error).message).not.toContain(key.toString('hex').slice(0, 10))
      // The file is left as it was.
      expect((await stat(file)).mode & 0o777).toBe(mode)
    },
  )

  test.each([
    ['too short hex', key.toString('hex').slice(2)],
    ['too long hex', `${key.toString('hex')}00`],
    ['31 bytes of base64', key.subarray(1).toString('base64')],
    ['33 bytes of base64', Buffer.concat([key, key.subarray(0, 1)]).toString('base64')],
    ['a passphrase', 'correct horse battery staple'],
    ['hex with a stray character', `${key.toString('hex').slice(1)}g`],
    ['all zeros', '00'.repeat(32)],
    ['empty', ''],
  ])('error: SIGIL_MASTER_KEY as %s', async (_, value) => {
    const dataDir = await tempDir()
    const error = await loadMasterKey({ dataDir, env: { SIGIL_MASTER_KEY: value }, log: () => {} }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(InvalidMasterKeyError)
    const message = (error as Error).message
    expect(message).toMatch(/^SIGIL_MASTER_KEY /)
    if (value.length >= 8) expect(message).not.toContain(value.slice(2, 10))
    expect(await readdir(dataDir)).toEqual([])
  })

  test('error: a key file that holds no key', async () => {
    const dataDir = await tempDir()
    const secretish = randomBytes(20).toString('hex')
    await writeFile(join(dataDir, 'master.key'), secretish, { mode: 0o600 })
    const error = await loadMasterKey({ dataDir, env: {}, log: () => {} }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InvalidMasterKeyError)
    expect((error as Error).message).toContain('master.key is not a 32-byte key')
    expect((error as Error).message).not.toContain(secretish.slice(0, 10))
    // The bad file is left alone, never replaced.
    expect(await readFile(join(dataDir, 'master.key'), 'utf8')).toBe(secretish)
  })
})
