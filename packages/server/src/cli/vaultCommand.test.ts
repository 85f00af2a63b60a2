import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createApiKeyStamp } from '@sigil/protocol'
import SQLite from 'better-sqlite3'
import { type Hex, recoverAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { testMasterKey } from '../test/createTestServer.js'
import { ethereumAccount } from '../test/createUserSubOrganization.js'
import { serverCliArgs } from '../test/serverCliArgs.js'
import { runCli, type SpawnedServer, spawnServer } from '../test/spawnServer.js'

/*
 * `sigil-server vault rotate`, end to end: wallets made under one master key, a rotation SIGKILLed halfway,
 * run again to the end; then the server opens with only the new key and every wallet signs, and the old key
 * alone opens nothing.
 */

const serverRoot = fileURLToPath(new URL('../..', import.meta.url))
const oldKey = testMasterKey
const newKey = randomBytes(32).toString('hex')
const walletCount = 24

type ApiKey = { privateKey: string; publicKey: string }

let dataDir: string
let newKeyFile: string
let key: ApiKey
let organizationId: string
const addresses: string[] = []
const servers: SpawnedServer[] = []

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sigil-rotate-'))
  newKeyFile = join(dataDir, 'new-master.key')
  await writeFile(newKeyFile, `${newKey}\n`, { mode: 0o600 })
  const cli = await runCli(['admin', 'create-api-key', '--name', 'rotate', '--data-dir', dataDir], {
    SIGIL_MASTER_KEY: oldKey,
  })
  expect(cli.code, cli.stderr).toBe(0)
  const provisioned = JSON.parse(cli.stdout.trim().split('\n').at(-1)!) as ApiKey & { organizationId: string }
  organizationId = provisioned.organizationId
  key = { privateKey: provisioned.privateKey, publicKey: provisioned.publicKey }
  const server = await start({ SIGIL_MASTER_KEY: oldKey })
  for (let index = 0; index < walletCount; index++) {
    const activity = await submit(server.url, 'create_wallet', 'ACTIVITY_TYPE_CREATE_WALLET', {
      walletName: `wallet ${index}`,
      accounts: [ethereumAccount],
    })
    addresses.push(...(activity.result.createWalletResult as { addresses: string[] }).addresses)
  }
  await server.stop()
}, 60_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')))
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

test('behavior: a rotation SIGKILLed halfway and run again leaves every wallet opening under only the new key', async () => {
  const before = countKeyIds()
  expect(before.size).toBe(1)
  const total = [...before.values()][0]!
  expect(total).toBeGreaterThanOrEqual(walletCount * 2)

  // --- First run, throttled so that it is surely mid-way when its first progress line arrives. ---
  const rotate = spawn(
    process.execPath,
    [
      ...serverCliArgs(),
      'vault',
      'rotate',
      '--new-master-key-file',
      newKeyFile,
      '--rows-per-second',
      '10',
      '--data-dir',
      dataDir,
    ],
    { cwd: serverRoot, env: { ...process.env, SIGIL_MASTER_KEY: oldKey }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  rotate.stderr.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    rotate.once('exit', (_code, signal) => resolve(signal)),
  )
  await new Promise<void>((resolve, reject) => {
    rotate.stdout.on('data', (chunk) => {
      output += chunk
      if (/rotated \d+\/\d+/.test(output)) resolve()
    })
    rotate.once('exit', () => reject(new Error(`vault rotate exited before any progress:\n${output}`)))
  })
  rotate.kill('SIGKILL')
  expect(await exited).toBe('SIGKILL')
  expect(output).not.toContain('done')

  // Mid-way: some rows under each key, every row under one of them.
  const midway = countKeyIds()
  expect(midway.size).toBe(2)
  expect([...midway.values()].reduce((sum, count) => sum + count, 0)).toBe(total)
  expect(Math.min(...midway.values())).toBeGreaterThan(0)

  // Mid-way, a server given the new key and the old one as SIGIL_PREVIOUS_MASTER_KEY opens every wallet.
  const rotating = await start({ SIGIL_MASTER_KEY: newKey, SIGIL_PREVIOUS_MASTER_KEY: oldKey })
  for (const address of addresses) await signWith(rotating.url, address)
  await rotating.stop()

  // --- Second run: finishes the job and says done. ---
  const rerun = await runCli(
    ['vault', 'rotate', '--new-master-key-file', newKeyFile, '--data-dir', dataDir],
    {
      SIGIL_MASTER_KEY: oldKey,
    },
  )
  expect(rerun.code, rerun.stderr).toBe(0)
  expect(rerun.stdout).toMatch(/^done: re-wrapped \d+ rows/m)
  const after = countKeyIds()
  expect(after.size).toBe(1)
  expect([...after.values()][0]).toBe(total)
  expect(output + rerun.stdout + rerun.stderr).not.toContain(newKey)

  // --- Only the new key: the server opens and every wallet signs. ---
  const server = await start({ SIGIL_MASTER_KEY: newKey })
  for (const address of addresses) await signWith(server.url, address)
  await server.stop()

  // --- The old key alone no longer opens the vault's rows: the server refuses to start. ---
  await expect(start({ SIGIL_MASTER_KEY: oldKey })).rejects.toThrow(/sealed under another master key/)
}, 90_000)

test('error: without a new key, vault rotate says how to give one', async () => {
  const result = await runCli(['vault', 'rotate', '--data-dir', dataDir], { SIGIL_MASTER_KEY: oldKey })
  expect(result.code).toBe(1)
  expect(result.stderr).toContain('give the new key: --new-master-key-file FILE or SIGIL_NEW_MASTER_KEY')
})

async function start(env: Record<string, string>): Promise<SpawnedServer> {
  const server = await spawnServer(['start', '--port', '0', '--data-dir', dataDir], env)
  servers.push(server)
  return server
}

/** How many stored envelopes each master key id wraps. */
function countKeyIds(): Map<string, number> {
  const db = new SQLite(join(dataDir, 'sigil.db'), { readonly: true })
  try {
    const counts = new Map<string, number>()
    const sealed = [
      ...db.prepare('SELECT sealed_mnemonic AS s FROM wallets').all(),
      ...db.prepare('SELECT sealed_private_key AS s FROM wallet_accounts').all(),
      ...db.prepare('SELECT sealed_private_key AS s FROM server_keys').all(),
    ] as Array<{ s: string }>
    for (const { s } of sealed) {
      const { kid } = JSON.parse(s) as { kid: string }
      counts.set(kid, (counts.get(kid) ?? 0) + 1)
    }
    return counts
  } finally {
    db.close()
  }
}

type Activity = { status: string; result: Record<string, unknown> }

async function signWith(url: string, address: string): Promise<void> {
  const digest = `0x${randomBytes(32).toString('hex')}` as Hex
  const activity = await submit(url, 'sign_raw_payload', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', {
    signWith: address,
    payload: digest,
    encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
    hashFunction: 'HASH_FUNCTION_NO_OP',
  })
  const { r, s, v } = activity.result.signRawPayloadResult as { r: string; s: string; v: string }
  const signer = await recoverAddress({
    hash: digest,
    signature: { r: `0x${r}`, s: `0x${s}`, yParity: Number(v) },
  })
  expect(signer).toBe(address)
}

async function submit(url: string, path: string, type: string, parameters: unknown): Promise<Activity> {
  const body = JSON.stringify({ type, timestampMs: String(Date.now()), organizationId, parameters })
  const stamp = await createApiKeyStamp({ body, privateKey: key.privateKey, publicKey: key.publicKey })
  const response = await fetch(`${url}/public/v1/submit/${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue },
  })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`)
  return (JSON.parse(text) as { activity: Activity }).activity
}
