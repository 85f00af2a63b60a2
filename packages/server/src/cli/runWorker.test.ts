import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestStore, storeDialects, type TestStore } from '../store/test/storeDialects.js'
import { testMasterKey } from '../test/createTestServer.js'
import { runCli } from '../test/spawnServer.js'
import { createEthereumWallet } from './test/createEthereumWallet.js'
import { isProcessGone } from './test/isProcessGone.js'
import { readActivityStatuses } from './test/readActivityStatuses.js'
import { sendRequest } from './test/sendRequest.js'
import { signRawPayloadBody } from './test/signRawPayloadBody.js'
import { type StartedCluster, startCluster } from './test/startCluster.js'

/*
 * A worker of `sigil-server start --workers 2` whose primary is killed with SIGKILL (docs/deploy.md#workers),
 * on SQLite and on PostgreSQL: it stops as on SIGTERM, answering what it had in flight, instead of exiting
 * at once as Node's cluster makes it. The workers are no children of this process: their end is read from
 * /proc and their log lines, which they write to the pipe they inherited from the primary.
 */

const env = { SIGIL_MASTER_KEY: testMasterKey }
const completed = 'ACTIVITY_STATUS_COMPLETED'

describe.each(storeDialects)('a worker whose primary is gone, on %s', (dialect) => {
  let store: TestStore
  let dataDir: string
  let server: StartedCluster
  const location = (): string[] => {
    const { databaseUrl, dataDir: storeDir } = store.location
    return databaseUrl ? ['--database-url', databaseUrl, '--data-dir', dataDir] : ['--data-dir', storeDir!]
  }

  beforeAll(async () => {
    store = await createTestStore(dialect)
    dataDir = await mkdtemp(join(tmpdir(), 'sigil-primary-gone-'))
    server = await startCluster(['start', '--port', '0', '--workers', '2', ...location()], env)
  }, 90_000)
  afterAll(async () => {
    await server?.stop('SIGKILL')
    for (const pid of server?.pids ?? []) if (!isProcessGone(pid)) process.kill(pid, 'SIGKILL')
    await store?.cleanup()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  test('behavior: SIGKILL the primary under signing load: each worker answers what it had in flight, stores it, exits within 10 s', async () => {
    const cli = await runCli(['admin', 'create-api-key', '--name', 'root', ...location()], env)
    expect(cli.code, cli.stderr).toBe(0)
    const key = JSON.parse(cli.stdout.trim().split('\n').at(-1)!) as {
      privateKey: string
      publicKey: string
      organizationId: string
    }
    const signWith = await createEthereumWallet(server.url, key.organizationId, key)

    const answered: string[] = []
    let killedAt: number | undefined
    let answeredAfterKill = 0
    let unexpected: string | undefined
    const client = async () => {
      for (;;) {
        const answer = await sendRequest(
          server.url,
          'POST',
          '/public/v1/submit/sign_raw_payload',
          signRawPayloadBody(key.organizationId, signWith),
          key,
        ).catch((error: Error) => {
          // Without the primary no connection is accepted: those requests were never answered.
          if (killedAt === undefined) unexpected = String(error)
        })
        if (!answer) return
        const activity =
          answer.status === 200
            ? (JSON.parse(answer.text) as { activity: { id: string; status: string } }).activity
            : undefined
        if (activity?.status !== completed) {
          unexpected = `sign_raw_payload answered ${answer.status}: ${answer.text}`
          return
        }
        answered.push(activity.id)
        if (killedAt !== undefined) answeredAfterKill++
      }
    }
    const clients = Array.from({ length: 16 }, client)
    const started = Date.now()
    while (unexpected === undefined && answered.length < 100) {
      if (Date.now() - started > 30_000) throw new Error(`only ${answered.length} answers in 30 s`)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(unexpected, server.errorLines()).toBeUndefined()

    server.process.kill('SIGKILL')
    killedAt = Date.now()
    await Promise.all(clients)
    expect(unexpected, server.errorLines()).toBeUndefined()
    while (!server.pids.every(isProcessGone)) {
      expect(Date.now() - killedAt, server.output().slice(-3000)).toBeLessThan(10_000)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    // Their last lines may still be in the pipe they share with the dead primary: read it to its end.
    const stdout = server.process.stdout!
    if (!stdout.readableEnded) await new Promise((resolve) => stdout.once('end', resolve))
    // Each worker stopped as on SIGTERM: it waited for its requests in flight, then closed its store.
    const lines = server.logLines().filter((line) => server.pids.includes(line.pid))
    const shuttingDown = lines.filter((line) => line.message === 'shutting down')
    expect(
      shuttingDown.map((line) => [line.pid, line.reason]),
      server.output().slice(-4000),
    ).toEqual(expect.arrayContaining(server.pids.map((pid) => [pid, 'primary gone'])))
    expect(shuttingDown).toHaveLength(2)
    expect(new Set(lines.filter((line) => line.message === 'stopped').map((line) => line.pid))).toEqual(
      new Set(server.pids),
    )
    expect(server.errorLines()).toBe('')
    expect(answeredAfterKill).toBeGreaterThan(0)

    const stored = await readActivityStatuses(store, answered)
    expect(stored.size).toBe(answered.length)
    expect([...stored.values()].every((status) => status === completed)).toBe(true)
    console.log(
      `primary SIGKILLed on ${dialect}: ${answeredAfterKill} of ${answered.length} answers came after, all stored; workers gone in ${Date.now() - killedAt} ms`,
    )
  }, 120_000)
})
