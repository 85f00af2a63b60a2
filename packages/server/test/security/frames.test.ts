import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../../src/apps/createApp.js'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createTestServer, type TestServer, testAppOrigin } from '../../src/test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'

/**
 * Hole 7 (server side): the key frames were served with `frame-ancestors` and settings listing every
 * app's origins, so a script on tenant B's origin could embed and drive the frames of tenant A's
 * users. Each frame page is now served for one app (`?app=<app id>`) with that app's origins only.
 * The frame's own refusal to stamp exports to a key of the page is replayed in Chromium
 * (`packages/signer/test/browser/exportTarget.test.ts`).
 */

const tenantBOrigin = 'https://tenant-b.example'

/** The `sigil-frame-settings` a frame page carries. */
function frameSettings(html: string): { allowedOrigins: string[] } {
  const content = html.match(/name="sigil-frame-settings" content="([^"]*)"/)?.[1] ?? ''
  return JSON.parse(content.replace(/&quot;/g, '"').replace(/&amp;/g, '&'))
}

/** The `frame-ancestors` directive of a response's CSP. */
const frameAncestors = (response: Response) =>
  (response.headers.get('content-security-policy') ?? '')
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('frame-ancestors'))

describe.each(storeDialects)('key frames per app on %s', (dialect) => {
  let frameDir: string
  let server: TestServer
  let listener: LocalListener
  let tenantB: { appId: string }
  beforeAll(async () => {
    frameDir = await mkdtemp(join(tmpdir(), 'sigil-frame-security-'))
    await mkdir(join(frameDir, 'assets'))
    const page = '<html><head><meta name="sigil-frame-settings" content="{}" /></head><body></body></html>'
    await writeFile(join(frameDir, 'auth.html'), page)
    await writeFile(join(frameDir, 'export.html'), page)
    await writeFile(join(frameDir, 'import.html'), page)
    server = await createTestServer(dialect, { frameDir })
    tenantB = await createApp(server.store.db, {
      name: 'tenant B',
      origins: [tenantBOrigin],
      now: Date.now(),
    })
    listener = await serveOnLocalPort(server.app)
  })
  afterAll(async () => {
    await listener?.close()
    await server?.cleanup()
    await rm(frameDir, { recursive: true, force: true })
  })

  test.each(['auth', 'export', 'import'])(
    "error: hole 7 — tenant B's origin may not embed or talk to tenant A's %s frame",
    async (name) => {
      const response = await fetch(`${listener.url}/frame/${name}?app=${server.signerApp.appId}`)
      expect(response.status).toBe(200)
      expect(frameAncestors(response)).toBe(`frame-ancestors ${testAppOrigin}`)
      expect(response.headers.get('content-security-policy')).not.toContain(tenantBOrigin)
      expect(frameSettings(await response.text()).allowedOrigins).toEqual([testAppOrigin])

      // And the other way round: tenant B's frame lists tenant B's origin only.
      const other = await fetch(`${listener.url}/frame/${name}?app=${tenantB.appId}`)
      expect(frameAncestors(other)).toBe(`frame-ancestors ${tenantBOrigin}`)
      expect(frameSettings(await other.text()).allowedOrigins).toEqual([tenantBOrigin])
    },
  )

  test.each(['auth', 'import'])('error: hole 7 — a %s page of an unknown app answers 404', async (name) => {
    const response = await fetch(`${listener.url}/frame/${name}?app=app-that-does-not-exist`)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'FRAME_APP_NOT_FOUND' })
    expect(response.headers.get('content-security-policy')).toBeNull()
  })

  test('error: hole 7 — a frame page without an app (every tenant at once) is refused', async () => {
    for (const path of [
      '/frame/auth',
      '/frame/export.html',
      '/frame/import',
      '/frame/import.html',
      '/frame/auth?app=',
    ])
      expect((await fetch(`${listener.url}${path}`)).status, path).toBe(400)
    const response = await fetch(`${listener.url}/frame/auth`)
    expect(await response.json()).toMatchObject({ code: 'FRAME_APP_REQUIRED' })
  })
})
