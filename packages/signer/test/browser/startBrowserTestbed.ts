import { mkdir, readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { inject } from 'vitest'
import { createApp } from '../../../server/src/apps/createApp.js'
import { serveLateBound } from '../../../server/src/auth/oauth/test/serveLateBound.js'
import {
  startOidcProvider,
  type TestOidcProvider,
} from '../../../server/src/auth/oauth/test/startOidcProvider.js'
import { createTestServer, type TestServer } from '../../../server/src/test/createTestServer.js'
import type { CreateSignerParameters } from '../../src/config/SignerConfig.js'
import type { TestAssets } from './buildTestAssets.js'
import { launchChromium } from './launchChromium.js'

/** The signer config a test page starts with; `connection` and `iframeConfig` are filled in. */
export type TestSignerConfig = Omit<Partial<CreateSignerParameters>, 'stamper' | 'fetch' | 'window'>

export type OpenPageOptions = {
  /** Signer config overrides; `false` loads the page without creating a signer. */
  signer?: TestSignerConfig | false
  /** A page in an existing context (another tab of the same browser profile). */
  context?: BrowserContext
  /** Path and query of the app URL to open, default `/`. */
  path?: string
}

export type BrowserTestbed = {
  server: TestServer
  /** The Sigil server's real listener, `http://localhost:PORT` (frames are served from it). */
  serverUrl: string
  /** The test app's origin, `http://localhost:PORT`: another origin than the server, same site. */
  appUrl: string
  app: { appId: string; apiKey: string }
  /** A real OpenID provider, configured in Sigil as `auth0`. */
  idp: TestOidcProvider
  browser: Browser
  /** A new browser profile (context). */
  newContext(): Promise<BrowserContext>
  /** Opens the app page and waits until its signer (if any) is ready. */
  openPage(options?: OpenPageOptions): Promise<Page>
  /** The newest sign-in code (or magic link) mailed to `email`, read from `/dev/mailbox.json`. */
  readCode(email: string): Promise<string>
  /** Saves a PNG of `page` as `test-results/browser/<suite>/<step>.png`. */
  screenshot(page: Page, step: string): Promise<void>
  close(): Promise<void>
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
}

/** Serves the built test page: `/page.js`, and `index.html` for every other path (return URLs). */
async function serveTestPage(pageDir: string): Promise<{ url: string; server: Server }> {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    const file = path === '/page.js' ? 'page.js' : 'index.html'
    try {
      const body = await readFile(join(pageDir, file))
      response.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' })
      response.end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, server }
}

/**
 * Everything a Chromium suite needs, all real: the Sigil server (SQLite, dev mailbox, the built key
 * frames) on a TCP listener, an `oidc-provider` it trusts as `auth0`, the test app page on another
 * site with an app registered for its origin, and headless Debian Chromium via `playwright-core`.
 *
 * @example
 * const testbed = await startBrowserTestbed('email') // in Vitest; elsewhere pass `await buildTestAssets()`
 * const page = await testbed.openPage()
 * await page.evaluate(() => window.signer.authenticate({ type: 'email', emailMode: 'otp', email: 'ada@example.com' }))
 */
export async function startBrowserTestbed(
  suite: string,
  assets: TestAssets = inject('browserAssets'),
): Promise<BrowserTestbed> {
  const { frameDir, pageDir } = assets
  const listener = await serveLateBound()
  // Another origin than the app's, on the same site (as signer.example.com is for app.example.com):
  // browsers that block third-party storage would deny a cross-site frame its IndexedDB.
  const serverUrl = listener.url.replace('127.0.0.1', 'localhost')
  const callbackUrl = `${serverUrl}/signer/v1/oauth/callback`
  const idp = await startOidcProvider([
    { clientId: 'sigil-app', clientSecret: 'sigil-secret', redirectUri: callbackUrl },
  ])
  const page = await serveTestPage(pageDir)
  const server = await createTestServer('sqlite', {
    publicUrl: serverUrl,
    devMailbox: true,
    frameDir,
    oauthProviders: [
      { id: 'auth0', issuer: idp.issuer, clientId: 'sigil-app', clientSecret: 'sigil-secret' },
    ],
  })
  listener.bind(server.app.fetch)
  const app = await createApp(server.store.db, {
    name: 'browser test app',
    origins: [page.url],
    redirectUrl: `${page.url}/`,
    now: Date.now(),
  })
  const browser = await launchChromium()
  const screenshotDir = join(process.cwd(), 'test-results', 'browser', suite)
  await mkdir(screenshotDir, { recursive: true })

  const newContext = () => browser.newContext({ viewport: { width: 900, height: 700 } })
  const baseConfig = (): Partial<CreateSignerParameters> => ({
    connection: { rpcUrl: serverUrl, apiKey: app.apiKey },
    iframeConfig: { iframeContainerId: 'signer-frame' },
  })

  return {
    server,
    serverUrl,
    appUrl: page.url,
    app,
    idp,
    browser,
    newContext,
    async openPage(options = {}) {
      const context = options.context ?? (await newContext())
      const tab = await context.newPage()
      // Uncaught page errors are shown with the test's output; SIGIL_BROWSER_DEBUG=1 adds the console.
      tab.on('pageerror', (error) => process.stderr.write(`[${suite}] page error: ${error.message}\n`))
      if (process.env.SIGIL_BROWSER_DEBUG)
        tab.on('console', (message) =>
          process.stderr.write(`[${suite}] console.${message.type()}: ${message.text()}\n`),
        )
      if (options.signer !== false) {
        const config = { ...baseConfig(), ...options.signer }
        await tab.addInitScript((value) => {
          ;(window as unknown as { __sigilConfig: unknown }).__sigilConfig = value
        }, config)
      }
      await tab.goto(`${page.url}${options.path ?? '/'}`)
      await tab.waitForFunction(() => 'sigil' in window)
      if (options.signer !== false)
        await tab.evaluate(() => (window as unknown as { signerReady: Promise<void> }).signerReady)
      return tab
    },
    async readCode(email) {
      const response = await fetch(`${serverUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`)
      if (!response.ok) throw new Error(`/dev/mailbox.json answered ${response.status}`)
      const { messages } = (await response.json()) as { messages: { code?: string }[] }
      const code = messages[0]?.code
      if (!code) throw new Error(`no sign-in mail to ${email} in the dev mailbox`)
      return code
    },
    async screenshot(tab, step) {
      await tab.screenshot({ path: join(screenshotDir, `${step}.png`) })
    },
    async close() {
      await browser.close()
      await new Promise<void>((resolve) => page.server.close(() => resolve()))
      page.server.closeAllConnections()
      await listener.close()
      await idp.close()
      await server.cleanup()
    },
  }
}
