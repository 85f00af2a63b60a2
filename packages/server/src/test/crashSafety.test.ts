import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApiKeyStamp } from '@sigil/protocol'
import SQLite from 'better-sqlite3'
import { type Hex, recoverAddress } from 'viem'
import { afterAll, expect, test } from 'vitest'
import { testMasterKey } from './createTestServer.js'
import { ethereumAccount } from './createUserSubOrganization.js'
import { runCli, type SpawnedServer, spawnServer } from './spawnServer.js'

/*
 * Crash safety, end to end: a real server process is SIGKILLed in the middle of a burst of create_wallet and
 * sign_raw_payload, then restarted on the same data dir. An activity is answered only after its writes have
 * committed (group commit, WAL, synchronous=FULL), so every answer the clients received is a promise the
 * restarted server must keep, and no wallet may exist without its accounts or its activity.
 */

const env = { SIGIL_MASTER_KEY: testMasterKey }
const clientsInFlight = 32
const completed = 'ACTIVITY_STATUS_COMPLETED'

type ApiKey = { privateKey: string; publicKey: string }
type Activity = { id: string; type: string; status: string; result: Record<string, unknown> }
type CreateWalletResult = { walletId: string; addresses: string[] }
type SignRawPayloadResult = { r: string; s: string; v: string }

/** One request of the burst: its exact body (kept to retry it after the crash) and what it asked for. */
type BurstRequest =
  | { path: 'create_wallet'; body: string }
  | { path: 'sign_raw_payload'; body: string; signWith: string; digest: Hex }

type Answered = { request: BurstRequest; activity: Activity }

const dataDirs: string[] = []
const servers: SpawnedServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')))
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

test('behavior: SIGKILL during a create_wallet / sign_raw_payload burst loses no answered activity and leaves nothing half-written', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sigil-crash-'))
  dataDirs.push(dataDir)

  const cli = await runCli(['admin', 'create-api-key', '--name', 'crash', '--data-dir', dataDir], env)
  expect(cli.code, cli.stderr).toBe(0)
  const provisioned = JSON.parse(cli.stdout.trim().split('\n').at(-1)!) as ApiKey & { organizationId: string }
  const { organizationId } = provisioned
  const key: ApiKey = { privateKey: provisioned.privateKey, publicKey: provisioned.publicKey }

  const start = async () => {
    const server = await spawnServer(['start', '--port', '0', '--data-dir', dataDir], env)
    servers.push(server)
    return server
  }

  // --- Before the crash: one wallet to sign with, then the burst. ---
  const first = await start()
  const firstWallet = await submitOrThrow(first.url, key, createWalletRequest(organizationId, 'first'))
  const signers = [...(firstWallet.result.createWalletResult as CreateWalletResult).addresses]
  // Warms the signing path too, so the burst is not mostly the server's first-request start-up.
  await submitOrThrow(first.url, key, signRequest(organizationId, signers[0]!))

  const answered: Answered[] = []
  const lost: BurstRequest[] = []
  let sent = 0
  let killed = false
  let unexpected: unknown

  const client = async () => {
    while (!killed && unexpected === undefined) {
      const request =
        Math.random() < 0.3
          ? createWalletRequest(organizationId, `burst ${sent}`)
          : signRequest(organizationId, signers[Math.floor(Math.random() * signers.length)]!)
      sent++
      let status: number
      let text: string
      try {
        const response = await post(first.url, key, `/public/v1/submit/${request.path}`, request.body)
        status = response.status
        text = await response.text()
      } catch (error) {
        // After the kill a request in flight fails with a connection error: it was never answered.
        if (killed) lost.push(request)
        else unexpected = error
        continue
      }
      // Even a request answered as the server dies must have been answered in full and COMPLETED.
      const activity = status === 200 ? (JSON.parse(text) as { activity: Activity }).activity : undefined
      if (activity?.status !== completed) {
        unexpected = new Error(`${request.path} answered ${status}: ${text}`)
        continue
      }
      answered.push({ request, activity })
      if (request.path === 'create_wallet')
        signers.push(...(activity.result.createWalletResult as CreateWalletResult).addresses)
    }
  }

  const burstStarted = Date.now()
  const clients = Array.from({ length: clientsInFlight }, client)
  // The kill lands at a different point of the burst (and of a group commit) on every run.
  const killAfterMs = 500 + Math.floor(Math.random() * 1000)
  while (unexpected === undefined && (Date.now() - burstStarted < killAfterMs || answered.length < 20)) {
    if (Date.now() - burstStarted > 20_000) throw new Error(`only ${answered.length} answers in 20 s`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  killed = true
  const killedAtMs = Date.now() - burstStarted
  await first.stop('SIGKILL')
  await Promise.all(clients)
  expect(unexpected).toBeUndefined()
  expect(answered.length + lost.length).toBe(sent)

  // --- After the restart: every answer is kept. ---
  const second = await start()
  const query = async <T>(name: string, body: Record<string, unknown>): Promise<T> => {
    const response = await post(
      second.url,
      key,
      `/public/v1/query/${name}`,
      JSON.stringify({ organizationId, ...body }),
    )
    const text = await response.text()
    if (response.status !== 200) throw new Error(`${name} answered ${response.status}: ${text}`)
    return JSON.parse(text) as T
  }

  await forEachConcurrently(answered, async ({ activity }) => {
    const { activity: stored } = await query<{ activity: Activity }>('get_activity', {
      activityId: activity.id,
    })
    expect(stored).toMatchObject({ id: activity.id, type: activity.type, status: completed })
    expect(stored.result).toEqual(activity.result)
  })

  const answeredSignatures = answered.filter((entry) => entry.request.path === 'sign_raw_payload')
  for (const { request, activity } of answeredSignatures) {
    if (request.path !== 'sign_raw_payload') continue
    const signature = activity.result.signRawPayloadResult as SignRawPayloadResult
    expect(await recoverSigner(request.digest, signature)).toBe(request.signWith)
  }

  const { wallets } = await query<{ wallets: { walletId: string }[] }>('list_wallets', {})
  const walletIds = new Set(wallets.map((wallet) => wallet.walletId))
  const answeredWallets = [firstWallet, ...answered.map((entry) => entry.activity)]
    .filter((activity) => activity.type === 'ACTIVITY_TYPE_CREATE_WALLET')
    .map((activity) => activity.result.createWalletResult as CreateWalletResult)
  for (const wallet of answeredWallets) expect(walletIds.has(wallet.walletId)).toBe(true)

  await forEachConcurrently(answeredWallets, async (wallet) => {
    const signWith = wallet.addresses[0]!
    const activity = await submitOrThrow(second.url, key, signRequest(organizationId, signWith))
    expect(activity.status).toBe(completed)
  })

  // --- Nothing half-written: wallets, their accounts and their create_wallet activities match one to one. ---
  const accountsByWallet = new Map<string, string[]>()
  await forEachConcurrently(wallets, async ({ walletId }) => {
    const { accounts } = await query<{ accounts: { address: string }[] }>('list_wallet_accounts', {
      walletId,
    })
    accountsByWallet.set(
      walletId,
      accounts.map((account) => account.address),
    )
  })
  const createdWallets = new Map<string, string[]>()
  let createWalletActivities = 0
  for await (const activity of listActivities(query, ['ACTIVITY_TYPE_CREATE_WALLET'])) {
    const { walletId, addresses } = activity.result.createWalletResult as CreateWalletResult
    createdWallets.set(walletId, addresses)
    createWalletActivities++
  }
  expect(createdWallets.size).toBe(createWalletActivities)
  expect(wallets).toHaveLength(walletIds.size)
  expect(new Set(createdWallets.keys())).toEqual(walletIds)
  for (const [walletId, addresses] of createdWallets) {
    expect(addresses).toHaveLength(1)
    expect(accountsByWallet.get(walletId)).toEqual(addresses)
  }

  // Requests lost in flight either committed before the kill (a retry returns that activity) or left no trace
  // (a retry creates it now); either way a retry completes and the wallet count follows the new activities.
  const activitiesBeforeRetry = await countActivities(query)
  const retried = await mapConcurrently(lost, (request) => submitOrThrow(second.url, key, request))
  for (const activity of retried) expect(activity.status).toBe(completed)
  const committedUnanswered = lost.length - ((await countActivities(query)) - activitiesBeforeRetry)
  const retriedWallets = new Set(
    retried
      .filter((activity) => activity.type === 'ACTIVITY_TYPE_CREATE_WALLET')
      .map((activity) => (activity.result.createWalletResult as CreateWalletResult).walletId),
  )
  const { wallets: walletsAfterRetry } = await query<{ wallets: { walletId: string }[] }>('list_wallets', {})
  expect(new Set(walletsAfterRetry.map((wallet) => wallet.walletId))).toEqual(
    new Set([...walletIds, ...retriedWallets]),
  )

  await second.stop('SIGTERM')
  const database = new SQLite(join(dataDir, 'sigil.db'))
  try {
    expect(database.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(database.pragma('foreign_key_check')).toEqual([])
  } finally {
    database.close()
  }

  console.log(
    `crash safety: killed after ${killedAtMs} ms; ${sent} sent, ${answered.length} answered, ` +
      `${lost.length} in flight lost (${committedUnanswered} of them had committed), ` +
      `${answeredWallets.length - 1} wallets and ${answeredSignatures.length} signatures answered, ${wallets.length} wallets after restart`,
  )
}, 90_000)

function createWalletRequest(organizationId: string, walletName: string): BurstRequest {
  return {
    path: 'create_wallet',
    body: envelope(organizationId, 'ACTIVITY_TYPE_CREATE_WALLET', {
      walletName,
      accounts: [ethereumAccount],
    }),
  }
}

function signRequest(organizationId: string, signWith: string): BurstRequest {
  const digest = `0x${randomBytes(32).toString('hex')}` as const
  const parameters = {
    signWith,
    payload: digest,
    encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
    hashFunction: 'HASH_FUNCTION_NO_OP',
  }
  return {
    path: 'sign_raw_payload',
    body: envelope(organizationId, 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', parameters),
    signWith,
    digest,
  }
}

function envelope(organizationId: string, type: string, parameters: unknown): string {
  return JSON.stringify({ type, timestampMs: String(Date.now()), organizationId, parameters })
}

async function post(url: string, key: ApiKey, path: string, body: string): Promise<Response> {
  const stamp = await createApiKeyStamp({ body, privateKey: key.privateKey, publicKey: key.publicKey })
  return fetch(`${url}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue },
  })
}

/** Submits `request`; for a signature, also checks that it recovers to the account. */
async function submitOrThrow(url: string, key: ApiKey, request: BurstRequest): Promise<Activity> {
  const response = await post(url, key, `/public/v1/submit/${request.path}`, request.body)
  const text = await response.text()
  if (response.status !== 200) throw new Error(`${request.path} answered ${response.status}: ${text}`)
  const { activity } = JSON.parse(text) as { activity: Activity }
  if (request.path === 'sign_raw_payload') {
    const signature = activity.result.signRawPayloadResult as SignRawPayloadResult
    expect(await recoverSigner(request.digest, signature)).toBe(request.signWith)
  }
  return activity
}

function recoverSigner(digest: Hex, { r, s, v }: SignRawPayloadResult) {
  return recoverAddress({ hash: digest, signature: { r: `0x${r}`, s: `0x${s}`, yParity: Number(v) } })
}

type Query = <T>(name: string, body: Record<string, unknown>) => Promise<T>

/** Every COMPLETED activity of the given types, paging through `list_activities` 100 at a time. */
async function* listActivities(query: Query, filterByType?: string[]): AsyncGenerator<Activity> {
  let after: string | undefined
  for (;;) {
    const { activities } = await query<{ activities: Activity[] }>('list_activities', {
      filterByStatus: [completed],
      ...(filterByType ? { filterByType } : {}),
      paginationOptions: { limit: '100', ...(after ? { after } : {}) },
    })
    yield* activities
    if (activities.length < 100) return
    after = activities.at(-1)!.id
  }
}

async function countActivities(query: Query): Promise<number> {
  let count = 0
  for await (const _ of listActivities(query)) count++
  return count
}

async function mapConcurrently<T, U>(items: T[], map: (item: T) => Promise<U>): Promise<U[]> {
  const results: U[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await map(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: clientsInFlight }, worker))
  return results
}

async function forEachConcurrently<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  await mapConcurrently(items, run)
}
