import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApiKeyStamp } from '@sigil/protocol'
import SQLite from 'better-sqlite3'
import { type Hex, recoverAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { testMasterKey } from '../test/createTestServer.js'
import { ethereumAccount } from '../test/createUserSubOrganization.js'
import { runCli, type SpawnedServer, spawnServer } from '../test/spawnServer.js'
import { createSoftHsmToken, type SoftHsmToken, softHsmModule } from '../vault/createSoftHsmToken.js'

/*
 * The master key in an HSM (SoftHSM2 over PKCS#11), end to end: wallets made under a file key are rotated
 * to the HSM key with `vault rotate --new-master-key-pkcs11`; the server then starts with only
 * SIGIL_MASTER_KEY_PKCS11, every wallet signs and new wallets are sealed under the HSM key.
 */

type ApiKey = { privateKey: string; publicKey: string }
type Activity = { result: Record<string, unknown> }

let hsm: SoftHsmToken
let hsmSpec: string
let dataDir: string
let key: ApiKey
let organizationId: string
const addresses: string[] = []
const servers: SpawnedServer[] = []

beforeAll(async () => {
  hsm = await createSoftHsmToken()
  await hsm.generateKey('sigil-master')
  hsmSpec = `module=${softHsmModule};token=${hsm.token};pin=${hsm.pin};label=sigil-master`
  dataDir = await mkdtemp(join(tmpdir(), 'sigil-hsm-'))
  const cli = await runCli(['admin', 'create-api-key', '--name', 'hsm', '--data-dir', dataDir], {
    SIGIL_MASTER_KEY: testMasterKey,
  })
  expect(cli.code, cli.stderr).toBe(0)
  const provisioned = JSON.parse(cli.stdout.trim().split('\n').at(-1)!) as ApiKey & { organizationId: string }
  organizationId = provisioned.organizationId
  key = { privateKey: provisioned.privateKey, publicKey: provisioned.publicKey }
  const server = await start({ SIGIL_MASTER_KEY: testMasterKey })
  for (let index = 0; index < 4; index++) addresses.push(await createWallet(server.url, `file ${index}`))
  await server.stop()
}, 60_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')))
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  await hsm?.remove()
})

test('behavior: rotated from a file key to a SoftHSM2 key, the server opens and signs with only the HSM key', async () => {
  const rotate = await runCli(
    ['vault', 'rotate', '--new-master-key-pkcs11', hsmSpec, '--data-dir', dataDir],
    {
      SIGIL_MASTER_KEY: testMasterKey,
      SOFTHSM2_CONF: hsm.conf,
    },
  )
  expect(rotate.code, rotate.stderr).toBe(0)
  expect(rotate.stdout).toMatch(/^done: re-wrapped \d+ rows; every stored data key is wrapped by pkcs11:/m)
  expect(keyIds()).toEqual([expect.stringMatching(/^pkcs11:[0-9a-f]{16}$/)])

  const server = await start({ SIGIL_MASTER_KEY_PKCS11: hsmSpec, SOFTHSM2_CONF: hsm.conf })
  addresses.push(await createWallet(server.url, 'hsm'))
  for (const address of addresses) await signWith(server.url, address)
  await server.stop()
  expect(server.output()).not.toContain(hsm.pin)
  expect(keyIds()).toHaveLength(1)

  // The file key alone opens nothing any more.
  await expect(start({ SIGIL_MASTER_KEY: testMasterKey })).rejects.toThrow(/sealed under another master key/)
}, 90_000)

test('error: a wrong PIN stops the server at start-up without printing the PIN', async () => {
  const wrong = hsmSpec.replace(`pin=${hsm.pin}`, 'pin=999999')
  const error = await start({ SIGIL_MASTER_KEY_PKCS11: wrong, SOFTHSM2_CONF: hsm.conf }).catch(
    (e: Error) => e,
  )
  expect(String(error)).toMatch(/cannot log in to the PKCS#11 token/)
  expect(String(error)).not.toContain('999999')
}, 30_000)

async function start(env: Record<string, string>): Promise<SpawnedServer> {
  const server = await spawnServer(['start', '--port', '0', '--data-dir', dataDir], env)
  servers.push(server)
  return server
}

/** The distinct master key ids of the stored wallet envelopes. */
function keyIds(): string[] {
  const db = new SQLite(join(dataDir, 'sigil.db'), { readonly: true })
  try {
    const rows = [
      ...db.prepare('SELECT sealed_mnemonic AS s FROM wallets').all(),
      ...db.prepare('SELECT sealed_private_key AS s FROM wallet_accounts').all(),
      ...db.prepare('SELECT sealed_private_key AS s FROM server_keys').all(),
    ] as Array<{ s: string }>
    return [...new Set(rows.map(({ s }) => (JSON.parse(s) as { kid: string }).kid))]
  } finally {
    db.close()
  }
}

async function createWallet(url: string, walletName: string): Promise<string> {
  const activity = await submit(url, 'create_wallet', 'ACTIVITY_TYPE_CREATE_WALLET', {
    walletName,
    accounts: [ethereumAccount],
  })
  return (activity.result.createWalletResult as { addresses: string[] }).addresses[0]!
}

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
