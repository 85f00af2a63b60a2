import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestStore, storeDialects, type TestStore } from '../store/test/storeDialects.js'
import { testMasterKey } from '../test/createTestServer.js'
import { runCli } from '../test/spawnServer.js'
import { activityEnvelope as envelope } from './test/activityEnvelope.js'
import { createEthereumWallet } from './test/createEthereumWallet.js'
import { readActivityStatuses } from './test/readActivityStatuses.js'
import { type Answer, type ApiKey, sendRequest as send } from './test/sendRequest.js'
import { signRawPayloadBody as signBody } from './test/signRawPayloadBody.js'
import { type StartedCluster, startCluster } from './test/startCluster.js'

/*
 * `sigil-server start --workers 2` as an operator runs it (docs/deploy.md#workers), on SQLite and on
 * PostgreSQL: one cluster per store, its tests in order (the last one stops it). Which worker answered is
 * read from the `pid` of its `request` log lines; each request below that must be able to land on either
 * worker opens a connection of its own, which the primary hands to the workers in turn.
 */

const env = { SIGIL_MASTER_KEY: testMasterKey }
const completed = 'ACTIVITY_STATUS_COMPLETED'
const slow = 120_000

describe.each(storeDialects)('start --workers 2 on %s', (dialect) => {
  let store: TestStore
  let dataDir: string
  let server: StartedCluster
  let admin: string
  let pids: number[]
  let organizationId: string
  let rootKey: ApiKey
  const location = (): string[] => {
    const { databaseUrl, dataDir: storeDir } = store.location
    return databaseUrl ? ['--database-url', databaseUrl, '--data-dir', dataDir] : ['--data-dir', storeDir!]
  }
  const createKey = async (name: string) => {
    const cli = await runCli(['admin', 'create-api-key', '--name', name, ...location()], env)
    expect(cli.code, cli.stderr).toBe(0)
    return JSON.parse(cli.stdout.trim().split('\n').at(-1)!) as ApiKey & {
      apiKeyId: string
      organizationId: string
    }
  }
  const logLines = () => server.logLines()
  const errorLines = () => server.errorLines()
  /** The pids that logged a `request` line for `path` with `status`, from log line `from` on. */
  const answeredBy = (path: string, status: number, from = 0) =>
    new Set(
      logLines()
        .slice(from)
        .filter((line) => line.message === 'request' && line.path === path && line.status === status)
        .map((line) => line.pid),
    )

  beforeAll(async () => {
    store = await createTestStore(dialect)
    dataDir = await mkdtemp(join(tmpdir(), 'sigil-workers-'))
    server = await startCluster(
      ['start', '--port', '0', '--workers', '2', '--admin-port', '0', ...location()],
      env,
    )
    admin = server.admin!
    pids = server.pids
    const root = await createKey('root')
    organizationId = root.organizationId
    rootKey = root
  }, 90_000)
  afterAll(async () => {
    await server?.stop('SIGKILL')
    // A worker outlives a SIGKILLed primary only until it sees the IPC channel close.
    await store?.cleanup()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  test(
    'default: both workers answer on one port; the listening line once; /readyz and /metrics cover both',
    async () => {
      expect(server.output().match(/Sigil server listening on/g)).toHaveLength(1)
      expect(new Set(pids).size).toBe(2)
      expect(pids).not.toContain(server.process.pid)
      for (let index = 0; index < 10; index++)
        expect((await send(server.url, 'GET', '/healthz')).status).toBe(200)
      expect(answeredBy('/healthz', 200)).toEqual(new Set(pids))

      const ready = await fetch(`${admin}/readyz`)
      expect(ready.status).toBe(200)
      expect(await ready.json()).toEqual({
        status: 'ready',
        checks: {
          database: 'ok',
          migrations: 'ok',
          vault: 'ok',
          workers: 'ok',
          // PostgreSQL: each worker's LISTEN connection for API-key changes is up.
          ...(dialect === 'postgres' ? { apiKeyChanges: 'ok' } : {}),
        },
      })
      // Each worker counted its own share; the primary's /metrics is their sum.
      const metrics = await (await fetch(`${admin}/metrics`)).text()
      expect(metrics).toMatch(
        /^sigil_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 10$/m,
      )
    },
    slow,
  )

  test(
    'error: an API key deleted through one worker is refused at once by the other, whose cache held it',
    async () => {
      const victim = await createKey('victim')
      const whoami = JSON.stringify({ organizationId })
      const lines = logLines().length
      for (let index = 0; index < 8; index++) {
        const answer = await send(server.url, 'POST', '/public/v1/query/whoami', whoami, victim)
        expect(answer.status, answer.text).toBe(200)
      }
      expect(answeredBy('/public/v1/query/whoami', 200, lines)).toEqual(new Set(pids))
      const userId = (
        JSON.parse((await send(server.url, 'POST', '/public/v1/query/whoami', whoami, victim)).text) as {
          userId: string
        }
      ).userId

      const deleted = await send(
        server.url,
        'POST',
        '/public/v1/submit/delete_api_keys',
        envelope(organizationId, 'ACTIVITY_TYPE_DELETE_API_KEYS', { userId, apiKeyIds: [victim.apiKeyId] }),
        rootKey,
      )
      expect(deleted.status, deleted.text).toBe(200)
      // PostgreSQL: the workers hear of it as other instances do, through LISTEN/NOTIFY, within its
      // delivery time (docs/deploy.md#workers); SQLite: through the primary, before the deletion is answered.
      // Connections go to the workers in turn: two refusals in a row are one from each.
      const deletedAt = Date.now()
      for (let refusedInARow = 0; dialect === 'postgres' && refusedInARow < 2; ) {
        const { status } = await send(server.url, 'POST', '/public/v1/query/whoami', whoami, victim)
        refusedInARow = status === 401 ? refusedInARow + 1 : 0
        expect(Date.now() - deletedAt).toBeLessThan(1000)
      }
      const afterDelete = logLines().length
      for (let index = 0; index < 8; index++) {
        const answer = await send(server.url, 'POST', '/public/v1/query/whoami', whoami, victim)
        expect(answer.status, answer.text).toBe(401)
      }
      expect(answeredBy('/public/v1/query/whoami', 401, afterDelete)).toEqual(new Set(pids))
    },
    slow,
  )

  test(
    'behavior: a killed worker is replaced, and the new one answers',
    async () => {
      const [killed, kept] = pids as [number, number]
      process.kill(killed, 'SIGKILL')
      while (!logLines().some((line) => line.message === 'worker replaced'))
        await new Promise((resolve) => setTimeout(resolve, 50))
      const exited = logLines().find((line) => line.message === 'worker exited, starting another')
      expect(exited).toMatchObject({ pid: server.process.pid, worker: killed, signal: 'SIGKILL' })
      const newPid = Number(logLines().find((line) => line.message === 'worker replaced')?.worker)
      expect([killed, kept, server.process.pid]).not.toContain(newPid)
      const lines = logLines().length
      for (let index = 0; index < 10; index++)
        expect((await send(server.url, 'GET', '/healthz')).status).toBe(200)
      expect(answeredBy('/healthz', 200, lines)).toEqual(new Set([kept, newPid]))
      pids = [kept, newPid]
    },
    slow,
  )

  test(
    'behavior: --port 0 and both workers killed at once: the replacements answer on the same port',
    async () => {
      const from = logLines().length
      const replaced = () =>
        logLines()
          .slice(from)
          .filter((line) => line.message === 'worker replaced')
          .map((line) => Number(line.worker))
      for (const pid of pids) process.kill(pid, 'SIGKILL')
      const killedAt = Date.now()
      while (replaced().length < 2) {
        expect(Date.now() - killedAt, server.output().slice(-3000)).toBeLessThan(20_000)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(errorLines()).toBe('')
      const lines = logLines().length
      for (let index = 0; index < 10; index++)
        expect((await send(server.url, 'GET', '/healthz')).status).toBe(200)
      expect(answeredBy('/healthz', 200, lines)).toEqual(new Set(replaced()))
      pids = replaced()
    },
    slow,
  )

  test(
    'behavior: signing on both workers at once, then SIGTERM under load: no SQLITE_BUSY, exit 0 within 10 s, every answer stored',
    async () => {
      const signWith = await createEthereumWallet(server.url, organizationId, rootKey)
      const lines = logLines().length
      const answered: string[] = []
      let signalled = false
      let unexpected: string | undefined
      const client = async () => {
        for (;;) {
          let answer: Answer
          try {
            answer = await send(
              server.url,
              'POST',
              '/public/v1/submit/sign_raw_payload',
              signBody(organizationId, signWith),
              rootKey,
            )
          } catch (error) {
            // Once the workers stop accepting, new connections fail: never answered, nothing promised.
            if (!signalled) unexpected = String(error)
            return
          }
          const activity =
            answer.status === 200
              ? (JSON.parse(answer.text) as { activity: { id: string; status: string } }).activity
              : undefined
          if (activity?.status !== completed) {
            unexpected = `sign_raw_payload answered ${answer.status}: ${answer.text}`
            return
          }
          answered.push(activity.id)
        }
      }
      const clients = Array.from({ length: 16 }, client)
      const started = Date.now()
      while (unexpected === undefined && (Date.now() - started < 1500 || answered.length < 200)) {
        if (Date.now() - started > 30_000) throw new Error(`only ${answered.length} answers in 30 s`)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      expect(unexpected, errorLines()).toBeUndefined()
      expect(answeredBy('/public/v1/submit/sign_raw_payload', 200, lines)).toEqual(new Set(pids))

      const exited = new Promise<{ code: number | null; ms: number }>((resolve) => {
        const signalledAt = Date.now()
        server.process.once('exit', (code) => resolve({ code, ms: Date.now() - signalledAt }))
      })
      signalled = true
      server.process.kill('SIGTERM')
      const { code, ms } = await exited
      await Promise.all(clients)
      expect(unexpected, errorLines()).toBeUndefined()
      expect(code, server.output().slice(-3000)).toBe(0)
      expect(ms).toBeLessThan(10_000)
      expect(server.output()).not.toMatch(/SQLITE_BUSY|database is locked/)
      const stopped = logLines().filter((line) => line.message === 'stopped')
      expect(new Set(stopped.map((line) => line.pid))).toEqual(new Set([...pids, server.process.pid]))

      const stored = await readActivityStatuses(store, answered)
      expect(stored.size).toBe(answered.length)
      expect([...stored.values()].every((status) => status === completed)).toBe(true)
      console.log(
        `--workers 2 on ${dialect}: ${answered.length} signatures answered and stored, exit 0 in ${ms} ms`,
      )
    },
    slow,
  )
})
