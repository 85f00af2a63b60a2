import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApiKeyStamp } from '@sigil/protocol'
import SQLite from 'better-sqlite3'
import { type Hex, recoverAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { testMasterKey } from '../test/createTestServer.js'
import { ethereumAccount } from '../test/createUserSubOrganization.js'
import { runCli, type SpawnedServer, spawnServer } from '../test/spawnServer.js'

/*
 * Backup and restore, end to end with real server processes: a backup taken during a burst of signing holds
 * every activity answered before it began, and a server started on the restored copy (same master key)
 * still signs with every wallet.
 */

const env = { SIGIL_MASTER_KEY: testMasterKey }
const completed = 'ACTIVITY_STATUS_COMPLETED'

type ApiKey = { privateKey: string; publicKey: string }
type Activity = { id: string; type: string; status: string; result: Record<string, unknown> }
type Signature = { r: string; s: string; v: string }

let root: string
let dataDir: string
let organizationId: string
let key: ApiKey
const servers: SpawnedServer[] = []

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sigil-backup-'))
  dataDir = join(root, 'live')
  const cli = await runCli(['admin', 'create-api-key', '--name', 'backup', '--data-dir', dataDir], env)
  expect(cli.code, cli.stderr).toBe(0)
  const provisioned = JSON.parse(cli.stdout.trim().split('\n').at(-1)!) as ApiKey & { organizationId: string }
  organizationId = provisioned.organizationId
  key = { privateKey: provisioned.privateKey, publicKey: provisioned.publicKey }
}, 60_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')))
  await rm(root, { recursive: true, force: true })
})

test('default: a backup taken during a signing burst restores every earlier answer, and every wallet signs', async () => {
  const live = await spawnServer(['start', '--port', '0', '--data-dir', dataDir], env)
  servers.push(live)
  const signers: string[] = []
  for (let index = 0; index < 3; index++) signers.push(...(await createWallet(live.url, `wallet ${index}`)))

  const answered: { activity: Activity; digest?: Hex; signWith?: string }[] = []
  let stop = false
  let failure: unknown
  const client = async (clientIndex: number) => {
    for (let round = 0; !stop && failure === undefined; round++) {
      try {
        if (round % 5 === 4) {
          const walletName = `burst ${clientIndex}.${round}`
          const activity = await submit(live.url, 'create_wallet', 'ACTIVITY_TYPE_CREATE_WALLET', {
            walletName,
            accounts: [ethereumAccount],
          })
          answered.push({ activity })
          signers.push(...(activity.result.createWalletResult as { addresses: string[] }).addresses)
        } else {
          const signWith = signers[(clientIndex + round) % signers.length]!
          const digest = `0x${randomBytes(32).toString('hex')}` as Hex
          const activity = await submit(live.url, 'sign_raw_payload', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', {
            signWith,
            payload: digest,
            encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
            hashFunction: 'HASH_FUNCTION_NO_OP',
          })
          answered.push({ activity, digest, signWith })
        }
      } catch (error) {
        failure = error
      }
    }
  }
  const clients = Array.from({ length: 16 }, (_, index) => client(index))
  while (answered.length < 30 && failure === undefined)
    await new Promise((resolve) => setTimeout(resolve, 20))

  // Everything answered before the backup process is even spawned must be in the backup.
  const before = [...answered]
  const backupFile = join(root, 'backups', 'sigil.db')
  await mkdir(join(root, 'backups'))
  const backup = await runCli(['backup', '--out', backupFile, '--data-dir', dataDir], env)
  const duringBackup = answered.length - before.length
  stop = true
  await Promise.all(clients)
  await live.stop()
  expect(failure).toBeUndefined()
  expect(backup.code, backup.stderr).toBe(0)
  expect(backup.stdout).toMatch(/master key is NOT part of the backup/)
  expect(duringBackup).toBeGreaterThan(0)
  expect(statSync(backupFile).mode & 0o777).toBe(0o600)
  // One self-contained file: no WAL next to it, no temporary left behind.
  expect(existsSync(`${backupFile}-wal`)).toBe(false)

  const restoredDir = join(root, 'restored')
  const restore = await runCli(['restore', '--from', backupFile, '--data-dir', restoredDir], env)
  expect(restore.code, restore.stderr).toBe(0)
  expect(restore.stdout).toMatch(/master key is NOT part of the backup/)
  const restored = await spawnServer(['start', '--port', '0', '--data-dir', restoredDir], env)
  servers.push(restored)

  await Promise.all(
    before.map(async ({ activity, digest, signWith }) => {
      const { activity: stored } = await query<{ activity: Activity }>(restored.url, 'get_activity', {
        activityId: activity.id,
      })
      expect(stored).toMatchObject({ id: activity.id, type: activity.type, status: completed })
      expect(stored.result).toEqual(activity.result)
      if (digest)
        expect(await recoverSigner(digest, stored.result.signRawPayloadResult as Signature)).toBe(signWith)
    }),
  )

  const { wallets } = await query<{ wallets: { walletId: string }[] }>(restored.url, 'list_wallets', {})
  const createdBefore = before.filter(({ activity }) => activity.type === 'ACTIVITY_TYPE_CREATE_WALLET')
  expect(wallets.length).toBeGreaterThanOrEqual(3 + createdBefore.length)
  await Promise.all(
    wallets.map(async ({ walletId }) => {
      const { accounts } = await query<{ accounts: { address: string }[] }>(
        restored.url,
        'list_wallet_accounts',
        {
          walletId,
        },
      )
      const signWith = accounts[0]!.address
      const digest = `0x${randomBytes(32).toString('hex')}` as Hex
      const activity = await submit(restored.url, 'sign_raw_payload', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', {
        signWith,
        payload: digest,
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      })
      expect(await recoverSigner(digest, activity.result.signRawPayloadResult as Signature)).toBe(signWith)
    }),
  )
  await restored.stop()
  console.log(
    `backup: ${before.length} answered before the backup, ${duringBackup} during it, ${wallets.length} wallets restored and signing`,
  )
}, 120_000)

test('error: backup without --out, a non-Sigil file, an existing database, a PostgreSQL store', async () => {
  const plainSqlite = join(root, 'plain.db')
  const plain = new SQLite(plainSqlite)
  plain.exec('create table notes (text text)')
  plain.close()
  const textFile = join(root, 'notes.txt')
  writeFileSync(textFile, 'not a database\n'.repeat(100))
  const existing = join(dataDir, 'sigil.db')
  const existingBytes = readFileSync(existing)
  const postgres = 'postgres://sigil@127.0.0.1:9/sigil'

  const copyDir = join(root, 'copy')
  const [noOut, sqliteFile, text, missing, backupPostgres, restorePostgres, refused, copy] =
    await Promise.all([
      runCli(['backup', '--data-dir', dataDir], env),
      runCli(['restore', '--from', plainSqlite, '--data-dir', join(root, 'from-plain')], env),
      runCli(['restore', '--from', textFile, '--data-dir', join(root, 'from-text')], env),
      runCli(['restore', '--from', join(root, 'missing.db'), '--data-dir', join(root, 'from-missing')], env),
      runCli(['backup', '--out', join(root, 'pg.db'), '--database-url', postgres], env),
      runCli(['restore', '--from', existing, '--data-dir', join(root, 'pg')], {
        ...env,
        DATABASE_URL: postgres,
      }),
      runCli(['restore', '--from', existing, '--data-dir', dataDir], env),
      runCli(['restore', '--from', existing, '--data-dir', copyDir], env),
    ])
  expect(noOut.code).toBe(1)
  expect(noOut.stderr).toMatch(/backup needs --out FILE/)
  expect(sqliteFile.code).toBe(1)
  expect(sqliteFile.stderr).toMatch(/is an SQLite database but not a Sigil one/)
  expect(text.code).toBe(1)
  expect(text.stderr).toMatch(/is not an SQLite database/)
  expect(missing.code).toBe(1)
  expect(missing.stderr).toMatch(/cannot be opened/)
  expect(backupPostgres.code).toBe(1)
  expect(backupPostgres.stderr).toMatch(/for PostgreSQL use pg_dump .*docs\/deploy\.md#backups/)
  expect(restorePostgres.code).toBe(1)
  expect(restorePostgres.stderr).toMatch(/for PostgreSQL use pg_restore, then sigil-server migrate/)
  expect(existsSync(join(root, 'from-plain', 'sigil.db'))).toBe(false)
  expect(existsSync(join(root, 'pg.db'))).toBe(false)

  // A sound database over an existing one: refused without --force, the database untouched.
  expect(refused.code).toBe(1)
  expect(refused.stderr).toMatch(/sigil\.db exists; stop the server .* add --force/)
  expect(readFileSync(existing).equals(existingBytes)).toBe(true)
  expect(copy.code, copy.stderr).toBe(0)
  const forced = await runCli(
    ['restore', '--from', join(copyDir, 'sigil.db'), '--data-dir', dataDir, '--force'],
    env,
  )
  expect(forced.code, forced.stderr).toBe(0)
  const database = new SQLite(existing, { readonly: true })
  try {
    expect(database.pragma('integrity_check', { simple: true })).toBe('ok')
  } finally {
    database.close()
  }
}, 90_000)

async function post(url: string, path: string, body: string): Promise<Response> {
  const stamp = await createApiKeyStamp({ body, privateKey: key.privateKey, publicKey: key.publicKey })
  return fetch(`${url}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue },
  })
}

async function submit(url: string, path: string, type: string, parameters: unknown): Promise<Activity> {
  const body = JSON.stringify({ type, timestampMs: String(Date.now()), organizationId, parameters })
  const response = await post(url, `/public/v1/submit/${path}`, body)
  const text = await response.text()
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`)
  const { activity } = JSON.parse(text) as { activity: Activity }
  if (activity.status !== completed) throw new Error(`${path}: ${text}`)
  return activity
}

async function query<T>(url: string, name: string, body: Record<string, unknown>): Promise<T> {
  const response = await post(url, `/public/v1/query/${name}`, JSON.stringify({ organizationId, ...body }))
  const text = await response.text()
  if (response.status !== 200) throw new Error(`${name} answered ${response.status}: ${text}`)
  return JSON.parse(text) as T
}

async function createWallet(url: string, walletName: string): Promise<string[]> {
  const activity = await submit(url, 'create_wallet', 'ACTIVITY_TYPE_CREATE_WALLET', {
    walletName,
    accounts: [ethereumAccount],
  })
  return (activity.result.createWalletResult as { addresses: string[] }).addresses
}

function recoverSigner(digest: Hex, { r, s, v }: Signature) {
  return recoverAddress({ hash: digest, signature: { r: `0x${r}`, s: `0x${s}`, yParity: Number(v) } })
}
