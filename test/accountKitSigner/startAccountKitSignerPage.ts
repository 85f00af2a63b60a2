import { copyFile, mkdir, readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { build } from 'esbuild'
import type { Browser, BrowserContext, Page, Route } from 'playwright-core'
import { inject } from 'vitest'
import { createApp } from '../../packages/server/src/apps/createApp.js'
import { serveLateBound } from '../../packages/server/src/auth/oauth/test/serveLateBound.js'
import {
  startOidcProvider,
  type TestOidcProvider,
} from '../../packages/server/src/auth/oauth/test/startOidcProvider.js'
import { createTestServer, type TestServer } from '../../packages/server/src/test/createTestServer.js'
import { launchChromium } from '../../packages/signer/test/browser/launchChromium.js'
import { buildOnce } from '../vitest/buildOnce.js'

/** The hosts `@account-kit/signer` 4.88.4 calls outside `rpcUrl`, hard-coded in its client. */
export const turnkeyHosts = {
  /** The auth frame (`IframeStamper`'s `iframeUrl`): keeps the embedded key, opens bundles, stamps. */
  authFrame: 'https://auth.turnkey.com',
  /** Turnkey's key API (`TurnkeyClient`'s `baseUrl`): export, passkeys, and stamps' `url`. */
  keyApi: 'https://api.turnkey.com',
} as const

export type AccountKitSignerPage = {
  page: Page
  server: TestServer
  /** The Sigil server's listener (`rpcUrl`). */
  serverUrl: string
  /** The app page's origin, an allowed origin of `app`. */
  appUrl: string
  app: { appId: string; apiKey: string }
  /** The dev login (`@sigil/devnet/oidc`), configured in Sigil as `auth0`. */
  idp: TestOidcProvider
  /** Every request the app page made outside Sigil, its own server and the dev login, as `METHOD url`. */
  externalRequests: string[]
  /** The newest sign-in code mailed to `email` (the dev mailbox). */
  readCode(email: string): Promise<string>
  /** The newest code texted to `phone`, E.164 (the dev SMS outbox, `/dev/sms.json`). */
  readSmsCode(phone: string): Promise<string>
  /**
   * Another app page in a browser context of its own (its own storage and session: another
   * person's browser), routed and with its signer created as `page` is. Closed by `close`.
   */
  openPage(): Promise<Page>
  /** Saves a PNG of the page under `test-results/account-kit-signer/`. */
  screenshot(step: string): Promise<void>
  close(): Promise<void>
}

/** Bundles the page (`page/main.ts` with `@account-kit/signer` as installed) once per test run. */
async function buildPage(): Promise<string> {
  return buildOnce('account-kit-signer-page', async (outDir) => {
    await mkdir(outDir, { recursive: true })
    await build({
      entryPoints: [join(import.meta.dirname, 'page/main.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      outfile: join(outDir, 'page.js'),
      logLevel: 'error',
      define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    })
    await copyFile(join(import.meta.dirname, 'page/index.html'), join(outDir, 'index.html'))
  })
}

async function servePage(pageDir: string): Promise<{ url: string; server: Server }> {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    const [file, type] =
      path === '/page.js' ? ['page.js', 'text/javascript'] : ['index.html', 'text/html; charset=utf-8']
    response.writeHead(200, { 'content-type': type })
    response.end(await readFile(join(pageDir, file)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, server }
}

/** Answers `route` with the same request sent to `url` on Sigil instead. */
async function forward(route: Route, url: string): Promise<void> {
  const response = await route.fetch({ url, maxRedirects: 0 })
  await route.fulfill({ response })
}

/**
 * An unmodified `@account-kit/signer` 4.88.4 in headless Chromium against a real Sigil server
 * (SQLite, dev mailbox and SMS outbox, the built key frames, the dev login as OAuth provider
 * `auth0`). The page creates an `AlchemyWebSigner` with `rpcUrl` pointed at Sigil
 * (`window.createSigner`, then `window.signer`). The client also calls Turnkey's hosts directly
 * ({@link turnkeyHosts}); the browser answers those from Sigil, as an operator's DNS or proxy
 * would: `auth.turnkey.com` with Sigil's auth frame (`/frame/auth?app=…`, which speaks
 * `@turnkey/iframe-stamper`'s messages) and `api.turnkey.com` with Sigil's `/public/v1`. Every
 * other outside request is refused and recorded in `externalRequests`. Each
 * `accountKitSigner*.test.ts` file (SMS, custom JWT, multi-owner, …) starts one; `openPage` gives
 * a second user a browser of its own.
 *
 * @example
 * const harness = await startAccountKitSignerPage()
 * await harness.page.evaluate(() => window.signer.listAuthMethods())
 */
export async function startAccountKitSignerPage(): Promise<AccountKitSignerPage> {
  const pageDir = await buildPage()
  const { frameDir } = inject('browserAssets')
  const listener = await serveLateBound()
  const serverUrl = listener.url.replace('127.0.0.1', 'localhost')
  const callbackUrl = `${serverUrl}/signer/v1/oauth/callback`
  const idp = await startOidcProvider([
    { clientId: 'sigil-app', clientSecret: 'sigil-secret', redirectUri: callbackUrl },
  ])
  const pageServer = await servePage(pageDir)
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
    name: 'Account Kit app',
    origins: [pageServer.url],
    redirectUrl: `${pageServer.url}/`,
    now: Date.now(),
  })
  const browser: Browser = await launchChromium()
  const externalRequests: string[] = []
  const local = [new URL(serverUrl).origin, pageServer.url, new URL(idp.issuer).origin]
  const routeContext = (context: BrowserContext) =>
    context.route('**/*', async (route) => {
      const url = new URL(route.request().url())
      if (url.origin === turnkeyHosts.authFrame)
        return forward(
          route,
          url.pathname === '/'
            ? `${serverUrl}/frame/auth?app=${app.appId}`
            : `${serverUrl}${url.pathname}${url.search}`,
        )
      if (url.origin === turnkeyHosts.keyApi)
        return forward(route, `${serverUrl}${url.pathname}${url.search}`)
      if (local.includes(url.origin) || url.protocol === 'data:' || url.protocol === 'blob:')
        return route.continue()
      // The dev login's own pages ask for web fonts; only what the app page asks for is recorded.
      if (!route.request().frame().url().startsWith(idp.issuer))
        externalRequests.push(`${route.request().method()} ${url.href}`)
      return route.abort('blockedbyclient')
    })
  const openPage = async () => {
    const context = await browser.newContext({ viewport: { width: 900, height: 700 } })
    await routeContext(context)
    const page = await context.newPage()
    page.on('pageerror', (error) =>
      process.stderr.write(`[account-kit-signer] page error: ${error.message}\n`),
    )
    if (process.env.SIGIL_BROWSER_DEBUG)
      page.on('console', (message) =>
        process.stderr.write(`[account-kit-signer] ${message.type()}: ${message.text()}\n`),
      )
    await page.goto(`${pageServer.url}/`)
    await page.waitForFunction(() => 'createSigner' in window)
    await page.evaluate(
      (config) => {
        window.createSigner(config)
      },
      { rpcUrl: serverUrl, oauthCallbackUrl: callbackUrl },
    )
    return page
  }
  const page = await openPage()
  const screenshotDir = join(process.cwd(), 'test-results', 'account-kit-signer')
  await mkdir(screenshotDir, { recursive: true })
  return {
    page,
    server,
    serverUrl,
    appUrl: pageServer.url,
    app,
    idp,
    externalRequests,
    async readCode(email) {
      const response = await fetch(`${serverUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`)
      const { messages } = (await response.json()) as { messages: { code?: string }[] }
      const code = messages[0]?.code
      if (!code) throw new Error(`no sign-in mail to ${email} in the dev mailbox`)
      return code
    },
    async readSmsCode(phone) {
      const response = await fetch(`${serverUrl}/dev/sms.json?to=${encodeURIComponent(phone)}`)
      const { messages } = (await response.json()) as { messages: { code?: string }[] }
      const code = messages[0]?.code
      if (!code) throw new Error(`no text to ${phone} in the dev SMS outbox`)
      return code
    },
    openPage,
    async screenshot(step) {
      await page.screenshot({ path: join(screenshotDir, `${step}.png`) })
    },
    async close() {
      await browser.close()
      pageServer.server.closeAllConnections()
      await new Promise<void>((resolve) => pageServer.server.close(() => resolve()))
      await listener.close()
      await idp.close()
      await server.cleanup()
    },
  }
}
