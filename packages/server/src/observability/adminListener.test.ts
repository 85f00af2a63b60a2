import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { testMasterKey } from '../test/createTestServer.js'
import { type SpawnedServer, spawnServer } from '../test/spawnServer.js'
import { parseAdminListener } from './parseAdminListener.js'

/** `sigil-server start --admin-port N`: the admin listener as an operator starts it. */

const env = { SIGIL_MASTER_KEY: testMasterKey }

/** Waits (polling, no fixed sleep) for the `admin: URL/metrics` line the server prints. */
async function adminUrlOf(server: SpawnedServer): Promise<string> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const match = server.output().match(/admin: (http:\/\/\S+)\/metrics/)
    if (match) return match[1]!
    if (Date.now() > deadline) throw new Error(`no admin line:\n${server.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('sigil-server start --admin-port', () => {
  const dataDirs: string[] = []
  const servers: SpawnedServer[] = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })))
  })

  test('default: the admin listener opens on 127.0.0.1 and serves /metrics, /healthz and /readyz; the main port has no /metrics', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sigil-admin-'))
    dataDirs.push(dataDir)
    const server = await spawnServer(
      ['start', '--port', '0', '--admin-port', '0', '--data-dir', dataDir],
      env,
    )
    servers.push(server)
    const admin = await adminUrlOf(server)
    expect(admin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)

    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    const metrics = await fetch(`${admin}/metrics`)
    expect(metrics.status).toBe(200)
    const text = await metrics.text()
    expect(text).toContain(
      'sigil_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"} 1',
    )
    expect(text).toContain('process_resident_memory_bytes')
    expect((await fetch(`${admin}/readyz`)).status).toBe(200)
    expect((await fetch(`${admin}/healthz`)).status).toBe(200)
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404)
  })

  test('default: without --admin-port or SIGIL_ADMIN_PORT there is no admin listener', () => {
    expect(parseAdminListener({}, {})).toBeUndefined()
    expect(parseAdminListener({}, { SIGIL_ADMIN_PORT: '' })).toBeUndefined()
  })

  test('behavior: the port and host come from the flags, else SIGIL_ADMIN_PORT / SIGIL_ADMIN_HOST, host 127.0.0.1 by default', () => {
    expect(parseAdminListener({ port: '9464' }, {})).toEqual({ port: 9464, host: '127.0.0.1' })
    expect(parseAdminListener({}, { SIGIL_ADMIN_PORT: '9465', SIGIL_ADMIN_HOST: '0.0.0.0' })).toEqual({
      port: 9465,
      host: '0.0.0.0',
    })
    expect(parseAdminListener({ port: '9466', host: '::1' }, { SIGIL_ADMIN_PORT: '1' })).toEqual({
      port: 9466,
      host: '::1',
    })
  })

  test('error: a port that is not 0-65535, or a host without a port, is refused', () => {
    expect(() => parseAdminListener({ port: '65536' }, {})).toThrow('--admin-port must be 0-65535, got 65536')
    expect(() => parseAdminListener({ port: 'x' }, {})).toThrow('--admin-port must be 0-65535, got x')
    expect(() => parseAdminListener({ host: '0.0.0.0' }, {})).toThrow('--admin-host needs --admin-port')
  })
})
