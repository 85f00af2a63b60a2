import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestServer, type TestServer } from '../test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../test/serveOnLocalPort.js'
import { type AdminListener, serveAdmin } from './serveAdmin.js'

/** /healthz and /readyz over real listeners: the main one and the admin one. */

describe('health and readiness', () => {
  let server: TestServer
  let listener: LocalListener
  let admin: AdminListener
  beforeAll(async () => {
    server = await createTestServer('sqlite')
    listener = await serveOnLocalPort(server.app)
    admin = await serveAdmin(server.app.sigil, { port: 0 })
  })
  afterAll(async () => {
    await admin?.close()
    await listener?.close()
    await server?.cleanup()
  })

  test('default: /healthz answers ok and /readyz ready on the main and the admin listener', async () => {
    for (const url of [listener.url, admin.url]) {
      const health = await fetch(`${url}/healthz`)
      expect(health.status).toBe(200)
      expect(await health.json()).toEqual({ status: 'ok' })
      const ready = await fetch(`${url}/readyz`)
      expect(ready.status).toBe(200)
      expect(ready.headers.get('cache-control')).toBe('no-store')
      expect(await ready.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', vault: 'ok' },
      })
    }
  })

  test('behavior: the admin listener binds 127.0.0.1 unless told otherwise', () => {
    expect(admin.url).toBe(`http://127.0.0.1:${admin.port}`)
  })

  test('behavior: /readyz is 503 while a migration this build knows has not run', async () => {
    const { db } = server.store
    const [last] = await db
      .selectFrom('kysely_migration' as never)
      .select(['name', 'timestamp'] as never[])
      .orderBy('name' as never, 'desc')
      .limit(1)
      .execute()
    const row = last as unknown as { name: string; timestamp: string }
    await db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', row.name as never)
      .execute()
    try {
      const ready = await fetch(`${listener.url}/readyz`)
      expect(ready.status).toBe(503)
      expect(await ready.json()).toEqual({
        status: 'unready',
        checks: { database: 'ok', migrations: 'failed', vault: 'ok' },
      })
      // Alive all the same: a load balancer keeps the process, an orchestrator holds traffic.
      expect((await fetch(`${listener.url}/healthz`)).status).toBe(200)
    } finally {
      await db
        .insertInto('kysely_migration' as never)
        .values(row as never)
        .execute()
    }
    expect((await fetch(`${admin.url}/readyz`)).status).toBe(200)
  })
})

describe('readiness of a closed store', () => {
  test('error: /readyz is 503 with database failed once the store is closed, and says nothing more', async () => {
    const server = await createTestServer('sqlite')
    const admin = await serveAdmin(server.app.sigil, { port: 0 })
    try {
      expect((await fetch(`${admin.url}/readyz`)).status).toBe(200)
      await server.store.db.destroy()
      const ready = await fetch(`${admin.url}/readyz`)
      expect(ready.status).toBe(503)
      const text = await ready.text()
      expect(JSON.parse(text)).toEqual({
        status: 'unready',
        checks: { database: 'failed', migrations: 'failed', vault: 'ok' },
      })
      expect(text).not.toMatch(/select|sqlite|kysely/i)
      expect((await fetch(`${admin.url}/healthz`)).status).toBe(200)
    } finally {
      await admin.close()
      await server.cleanup().catch(() => {})
    }
  })
})
