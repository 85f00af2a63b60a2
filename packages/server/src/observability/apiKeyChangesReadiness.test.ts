import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testDatabaseUrl } from '../store/test/storeDialects.js'
import { createTestServer, type TestServer } from '../test/createTestServer.js'
import { type AdminListener, serveAdmin } from './serveAdmin.js'

/*
 * /readyz and /metrics of a PostgreSQL server report its API-key change listener (docs/deploy.md,
 * "Health and metrics"), over the real admin listener: its LISTEN backend is killed from another
 * connection, as a database restart or an operator would.
 */

const readyz = async (admin: AdminListener) => {
  const answer = await fetch(`${admin.url}/readyz`)
  return { status: answer.status, body: (await answer.json()) as { status: string; checks: object } }
}

const liveGauge = async (admin: AdminListener) =>
  (await (await fetch(`${admin.url}/metrics`)).text()).match(/^sigil_api_key_changes_live (\d)$/m)?.[1]

describe('the API-key change listener in /readyz', () => {
  let server: TestServer
  let admin: AdminListener
  beforeAll(async () => {
    server = await createTestServer('postgres')
    admin = await serveAdmin(server.app.sigil, { port: 0 })
  })
  afterAll(async () => {
    await admin?.close()
    await server?.cleanup()
  })

  test('default: a PostgreSQL server reports apiKeyChanges ok and the gauge 1', async () => {
    expect(await readyz(admin)).toEqual({
      status: 200,
      body: {
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', vault: 'ok', apiKeyChanges: 'ok' },
      },
    })
    expect(await liveGauge(admin)).toBe('1')
  })

  test('behavior: a killed LISTEN connection is reported failed while the instance stays ready, then ok again', async () => {
    const channelName = server.app.sigil.apiKeyChanges!.channelName
    const other = new pg.Client({ connectionString: testDatabaseUrl })
    await other.connect()
    try {
      const { rowCount } = await other.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [channelName],
      )
      expect(rowCount).toBe(1)
    } finally {
      await other.end()
    }
    // Each answer as it changes: the check, and the gauge read right after it.
    const checks: string[] = []
    const gauges: string[] = []
    const started = Date.now()
    while (!(checks.includes('failed') && checks.at(-1) === 'ok' && gauges.at(-1) === '1')) {
      if (Date.now() - started > 10_000)
        throw new Error(`not failed then ok within 10 s: ${checks.join()} / ${gauges.join()}`)
      const { status, body } = await readyz(admin)
      // Never out of rotation: the cache is bypassed meanwhile, answers stay right.
      expect(status).toBe(200)
      expect(body.status).toBe('ready')
      const check = (body.checks as { apiKeyChanges: string }).apiKeyChanges
      if (checks.at(-1) !== check) checks.push(check)
      const gauge = (await liveGauge(admin)) ?? 'none'
      if (gauges.at(-1) !== gauge) gauges.push(gauge)
    }
    expect(checks.slice(checks.indexOf('failed'))).toEqual(['failed', 'ok'])
    expect(gauges).toContain('0')
    expect(gauges.at(-1)).toBe('1')
  })
})

describe('the API-key change listener in /readyz without PostgreSQL', () => {
  test('default: a SQLite server has no apiKeyChanges check and no gauge', async () => {
    const server = await createTestServer('sqlite')
    const admin = await serveAdmin(server.app.sigil, { port: 0 })
    try {
      expect((await readyz(admin)).body.checks).toEqual({ database: 'ok', migrations: 'ok', vault: 'ok' })
      expect(await liveGauge(admin)).toBeUndefined()
    } finally {
      await admin.close()
      await server.cleanup()
    }
  })
})
