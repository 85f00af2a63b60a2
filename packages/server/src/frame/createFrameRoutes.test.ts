import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestServer, type TestServer, testAppOrigin } from '../test/createTestServer.js'

describe('the key frame routes', () => {
  let frameDir: string
  let server: TestServer
  beforeAll(async () => {
    frameDir = await mkdtemp(join(tmpdir(), 'sigil-frame-'))
    await mkdir(join(frameDir, 'assets'))
    const page =
      '<html><head><meta name="sigil-frame-settings" content="{}" /></head><body>frame</body></html>'
    await writeFile(join(frameDir, 'auth.html'), page)
    await writeFile(join(frameDir, 'export.html'), page)
    await writeFile(join(frameDir, 'import.html'), page.replace('>frame<', '>import frame<'))
    await writeFile(join(frameDir, 'assets', 'auth-abc.js'), 'console.log(1)')
    server = await createTestServer('sqlite', { frameDir })
  })
  afterAll(async () => {
    await server.cleanup()
    await rm(frameDir, { recursive: true, force: true })
  })

  test('default: the auth page of an app carries its settings and a CSP that only that app may frame', async () => {
    const response = await server.app.request(`/frame/auth?app=${server.signerApp.appId}`)
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain(`frame-ancestors ${testAppOrigin}`)
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("connect-src 'none'")
    const html = await response.text()
    const content =
      html.match(/name="sigil-frame-settings" content="([^"]*)"/)?.[1]?.replace(/&quot;/g, '"') ?? ''
    expect(JSON.parse(content)).toEqual({
      allowedOrigins: [testAppOrigin],
      exportSignerPublicKey: server.app.sigil.exportSignerPublicKey,
    })
  })

  test('default: the import page carries the same settings, CSP and headers as the export page', async () => {
    const path = (name: string) => `/frame/${name}?app=${server.signerApp.appId}`
    const [exportPage, importPage, importHtml] = await Promise.all([
      server.app.request(path('export')),
      server.app.request(path('import')),
      server.app.request(`/frame/import.html?app=${server.signerApp.appId}`),
    ])
    expect(importPage.status).toBe(200)
    expect(importHtml.status).toBe(200)
    for (const header of [
      'content-security-policy',
      'cache-control',
      'referrer-policy',
      'x-content-type-options',
    ])
      expect(importPage.headers.get(header), header).toBe(exportPage.headers.get(header))
    expect(importPage.headers.get('content-security-policy')).toContain(`frame-ancestors ${testAppOrigin}`)
    const html = await importPage.text()
    expect(html).toContain('import frame')
    const content =
      html.match(/name="sigil-frame-settings" content="([^"]*)"/)?.[1]?.replace(/&quot;/g, '"') ?? ''
    expect(JSON.parse(content)).toEqual({
      allowedOrigins: [testAppOrigin],
      exportSignerPublicKey: server.app.sigil.exportSignerPublicKey,
    })
  })

  test('error: a page without an app, or of an unknown app, is refused', async () => {
    const appless = await server.app.request('/frame/export')
    expect(appless.status).toBe(400)
    expect(await appless.json()).toMatchObject({ code: 'FRAME_APP_REQUIRED' })
    expect((await server.app.request('/frame/import')).status).toBe(400)
    expect((await server.app.request('/frame/import?app=no-such-app')).status).toBe(404)
    const unknown = await server.app.request('/frame/auth?app=no-such-app')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ code: 'FRAME_APP_NOT_FOUND' })
  })

  test('behavior: assets are served with a long cache; paths outside the assets folder are not', async () => {
    const asset = await server.app.request('/frame/assets/auth-abc.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect((await server.app.request('/frame/assets/..%2Fauth.html')).status).toBe(404)
    expect((await server.app.request('/frame/assets/missing.js')).status).toBe(404)
  })
})

describe('the key frame routes without a build', () => {
  test('error: answers a JSON error telling how to build them', async () => {
    const server = await createTestServer('sqlite', { frameDir: '' })
    try {
      const response = await server.app.request(`/frame/auth?app=${server.signerApp.appId}`)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        error: 'the key frame pages are not built: run `npm run build`',
        code: 'FRAME_NOT_BUILT',
      })
    } finally {
      await server.cleanup()
    }
  })
})
