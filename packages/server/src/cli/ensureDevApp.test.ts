import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { createTestServer, type TestServer } from '../test/createTestServer.js'
import { ensureDevApp } from './ensureDevApp.js'

let server: TestServer | undefined
afterEach(async () => {
  await server?.cleanup()
  server = undefined
})

const originsOf = async (testServer: TestServer, appId: string) => {
  const row = await testServer.store.db
    .selectFrom('apps')
    .select(['allowed_origins', 'redirect_url'])
    .where('id', '=', appId)
    .executeTakeFirstOrThrow()
  return { origins: JSON.parse(row.allowed_origins) as string[], redirectUrl: row.redirect_url }
}

test('default: makes the dev app for http://localhost:5173 once, its key kept in dev-app.json (0600)', async () => {
  server = await createTestServer('sqlite')
  const first = await ensureDevApp(server.app)
  expect(first.created).toBe(true)
  expect(await originsOf(server, first.appId)).toEqual({
    origins: ['http://localhost:5173', 'http://127.0.0.1:5173'],
    redirectUrl: 'http://localhost:5173',
  })
  const file = join(server.app.sigil.config.dataDir, 'dev-app.json')
  expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ appId: first.appId, apiKey: first.apiKey })
  expect((await stat(file)).mode & 0o777).toBe(0o600)

  const second = await ensureDevApp(server.app)
  expect(second).toEqual({ appId: first.appId, apiKey: first.apiKey, created: false })
})

test('behavior: another origin is added to the saved dev app, which keeps its key', async () => {
  server = await createTestServer('sqlite')
  const first = await ensureDevApp(server.app)
  const moved = await ensureDevApp(server.app, { origin: 'http://localhost:4100/' })
  expect(moved).toEqual({ appId: first.appId, apiKey: first.apiKey, created: false })
  expect(await originsOf(server, first.appId)).toEqual({
    origins: ['http://localhost:5173', 'http://127.0.0.1:5173', 'http://localhost:4100'],
    redirectUrl: 'http://localhost:4100',
  })
})

test('error: an origin that is not an http(s) URL', async () => {
  server = await createTestServer('sqlite')
  await expect(ensureDevApp(server.app, { origin: 'localhost:5173' })).rejects.toThrow(
    'origin must be http(s): localhost:5173',
  )
})

test('error: a server outside dev mode gets no dev app', async () => {
  server = await createTestServer('sqlite', { dev: false })
  await expect(ensureDevApp(server.app)).rejects.toThrow('the dev app exists only in dev mode')
  expect(await server.store.db.selectFrom('apps').select('name').execute()).toEqual([{ name: 'test app' }])
})
