import { mkdtemp, rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApiKeyStamp } from '@sigil/protocol'
import { afterAll, expect, test } from 'vitest'
import { activityEnvelope } from '../cli/test/activityEnvelope.js'
import { signRawPayloadBody } from '../cli/test/signRawPayloadBody.js'
import { testMasterKey } from './createTestServer.js'
import { ethereumAccount } from './createUserSubOrganization.js'
import { runCli, type SpawnedServer, spawnServer } from './spawnServer.js'

/*
 * Graceful shutdown, end to end (docs/deploy.md#shutdown): a real `sigil-server start` gets SIGTERM in the
 * middle of a burst of sign_raw_payload. It must stop accepting, answer what is in flight, flush its
 * writes and exit 0 within 10 s; after a restart on the same data dir every answered activity is there.
 */

const env = { SIGIL_MASTER_KEY: testMasterKey }
const clientsInFlight = 32
const completed = 'ACTIVITY_STATUS_COMPLETED'

type ApiKey = { privateKey: string; publicKey: string }
type Activity = { id: string; type: string; status: string; result: Record<string, unknown> }

const dataDirs: string[] = []
const servers: SpawnedServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')))
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

test('behavior: SIGTERM during a signing burst answers what is in flight, loses no answer and exits 0 within 10 s', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sigil-shutdown-'))
  dataDirs.push(dataDir)
  const cli = await runCli(['admin', 'create-api-key', '--name', 'shutdown', '--data-dir', dataDir], env)
  expect(cli.code, cli.stderr).toBe(0)
  const provisioned = JSON.parse(cli.stdout.trim().split('\n').at(-1)!) as ApiKey & { organizationId: string }
  const { organizationId } = provisioned
  const key: ApiKey = { privateKey: provisioned.privateKey, publicKey: provisioned.publicKey }
  const start = async () => {
    const server = await spawnServer(['start', '--port', '0', '--data-dir', dataDir], env)
    servers.push(server)
    return server
  }

  const first = await start()
  const wallet = await submitOrThrow(
    first.url,
    key,
    'create_wallet',
    activityEnvelope(organizationId, 'ACTIVITY_TYPE_CREATE_WALLET', {
      walletName: 'w',
      accounts: [ethereumAccount],
    }),
  )
  const signWith = (wallet.result.createWalletResult as { addresses: string[] }).addresses[0]!
  await submitOrThrow(first.url, key, 'sign_raw_payload', signRawPayloadBody(organizationId, signWith))

  const answered: Activity[] = []
  let answeredAfterSignal = 0
  let failedAfterSignal = 0
  let signalled = false
  let unexpected: unknown
  const client = async () => {
    for (;;) {
      const sentBeforeSignal = !signalled
      let status: number
      let text: string
      try {
        const response = await post(
          first.url,
          key,
          'sign_raw_payload',
          signRawPayloadBody(organizationId, signWith),
        )
        status = response.status
        text = await response.text()
      } catch (error) {
        // Once the server stops accepting, new requests fail to connect: never answered, nothing promised.
        if (signalled) failedAfterSignal++
        else unexpected = error
        return
      }
      const activity = status === 200 ? (JSON.parse(text) as { activity: Activity }).activity : undefined
      if (activity?.status !== completed) {
        unexpected = new Error(`sign_raw_payload answered ${status}: ${text}`)
        return
      }
      answered.push(activity)
      if (signalled && sentBeforeSignal) answeredAfterSignal++
    }
  }
  const burstStarted = Date.now()
  const clients = Array.from({ length: clientsInFlight }, client)
  while (unexpected === undefined && (Date.now() - burstStarted < 500 || answered.length < 50)) {
    if (Date.now() - burstStarted > 20_000) throw new Error(`only ${answered.length} answers in 20 s`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  // One request held in flight across the signal: its headers and half its body now, the rest after it.
  const slow = await startSlowRequest(first.url, key, signRawPayloadBody(organizationId, signWith))
  const answeredBeforeSlow = answered.length
  while (unexpected === undefined && answered.length < answeredBeforeSlow + 30)
    await new Promise((resolve) => setTimeout(resolve, 10))
  const exited = new Promise<{ code: number | null; ms: number }>((resolve) => {
    const signalledAt = Date.now()
    first.process.once('exit', (code) => resolve({ code, ms: Date.now() - signalledAt }))
  })
  signalled = true
  first.process.kill('SIGTERM')
  while (!first.output().includes('"message":"shutting down"'))
    await new Promise((resolve) => setTimeout(resolve, 10))
  const slowAnswer = await slow.finish()
  const { code, ms } = await exited
  await Promise.all(clients)
  expect(unexpected).toBeUndefined()
  expect(code, first.output().slice(-2000)).toBe(0)
  expect(ms).toBeLessThan(10_000)
  // Requests already sent when the signal came were answered, not dropped; the held one too.
  expect(answeredAfterSignal).toBeGreaterThan(0)
  expect(slowAnswer.status, slowAnswer.text).toBe(200)
  const slowActivity = (JSON.parse(slowAnswer.text) as { activity: Activity }).activity
  expect(slowActivity.status).toBe(completed)
  answered.push(slowActivity)

  const lines = first
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
  expect(lines.find((line) => line.message === 'shutting down')).toMatchObject({ signal: 'SIGTERM' })
  expect(lines.find((line) => line.message === 'stopped')).toBeDefined()
  const requestLines = lines.filter((line) => line.message === 'request')
  expect(lines.find((line) => line.message === 'shutting down')?.inFlight).toBeGreaterThanOrEqual(1)
  expect(requestLines.length).toBe(answered.length + 2)
  for (const line of requestLines) expect(line.requestId).toEqual(expect.any(String))

  // After the restart: every answered activity is in the store.
  const second = await start()
  for (let index = 0; index < answered.length; index += clientsInFlight)
    await Promise.all(
      answered.slice(index, index + clientsInFlight).map(async (activity) => {
        const body = JSON.stringify({ organizationId, activityId: activity.id })
        const response = await fetchStamped(second.url, key, '/public/v1/query/get_activity', body)
        const text = await response.text()
        expect(response.status, text).toBe(200)
        const stored = (JSON.parse(text) as { activity: Activity }).activity
        expect(stored).toMatchObject({ id: activity.id, status: completed })
        expect(stored.result).toEqual(activity.result)
      }),
    )
  await second.stop('SIGTERM')
  expect(second.process.exitCode).toBe(0)
  console.log(
    `graceful shutdown: ${answered.length} answered (${answeredAfterSignal} after SIGTERM), ` +
      `${failedAfterSignal} refused after it, exit 0 in ${ms} ms`,
  )
}, 90_000)

async function fetchStamped(url: string, key: ApiKey, path: string, body: string): Promise<Response> {
  const stamp = await createApiKeyStamp({ body, privateKey: key.privateKey, publicKey: key.publicKey })
  return fetch(`${url}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue },
  })
}

function post(url: string, key: ApiKey, path: string, body: string): Promise<Response> {
  return fetchStamped(url, key, `/public/v1/submit/${path}`, body)
}

async function submitOrThrow(url: string, key: ApiKey, path: string, body: string): Promise<Activity> {
  const response = await post(url, key, path, body)
  const text = await response.text()
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`)
  return (JSON.parse(text) as { activity: Activity }).activity
}

/**
 * A stamped sign_raw_payload whose headers and first half of the body are sent now; `finish()` sends the
 * rest and resolves with the answer. The server has the request in flight in between.
 */
async function startSlowRequest(url: string, key: ApiKey, body: string) {
  const stamp = await createApiKeyStamp({ body, privateKey: key.privateKey, publicKey: key.publicKey })
  const request = httpRequest(`${url}/public/v1/submit/sign_raw_payload`, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      [stamp.stampHeaderName]: stamp.stampHeaderValue,
    },
  })
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.once('error', reject)
    request.once('response', (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
      })
      response.once('end', () => resolve({ status: response.statusCode ?? 0, text }))
      response.once('error', reject)
    })
  })
  const half = Math.floor(body.length / 2)
  request.write(body.slice(0, half))
  return {
    finish() {
      request.end(body.slice(half))
      return answer
    },
  }
}
