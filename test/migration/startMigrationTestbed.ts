import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import react from '@vitejs/plugin-react'
import type { Browser, Page } from 'playwright-core'
import { build, defaultClientConditions } from 'vite'
import { inject } from 'vitest'
import { type DemoServer, serveDemo } from '../../apps/demo/scripts/serveDemo.js'
import { deployLightAccounts } from '../../packages/devnet/src/deploy/deployLightAccounts.js'
import {
  type StartTestChainReturnType,
  startTestChain,
} from '../../packages/devnet/src/test/startTestChain.js'
import { createApp } from '../../packages/server/src/apps/createApp.js'
import { serveLateBound } from '../../packages/server/src/auth/oauth/test/serveLateBound.js'
import { createTestServer, type TestServer } from '../../packages/server/src/test/createTestServer.js'
// The Chromium suites' global setup (root vitest config) provides `browserAssets`: its type comes from there.
import type {} from '../../packages/signer/test/browser/globalSetup.js'
import { launchChromium } from '../../packages/signer/test/browser/launchChromium.js'
import type { AppSettings } from './accountKitApp/settings.js'

export type MigrationTestbed = {
  /** The local chain (anvil, 31337): the EntryPoints and LightAccount's factory, no bundler. */
  chain: StartTestChainReturnType
  server: TestServer
  /** The Sigil server's listener, `http://localhost:PORT` (the frames are served from it). */
  serverUrl: string
  /** The migrated app's origin, `http://localhost:PORT`. */
  appUrl: string
  browser: Browser
  /** Opens the app in a new browser profile with its settings (the server, the app's key, the chain). */
  openApp(): Promise<Page>
  /** Waits (up to 10 s) for a sign-in code mailed to `email` and returns it. */
  readCode(email: string): Promise<string>
  close(): Promise<void>
}

/**
 * What the migrated app runs against, all real: a local chain (anvil with the EntryPoints and LightAccount's
 * factory; signing needs no bundler), the Sigil server (SQLite, dev mailbox, the key frames the Chromium
 * suites' global setup built, the chain on its gateway) on a TCP listener, the app built by Vite from
 * `appDir` and served on another origin of the same site with a Sigil app for that origin, and headless
 * Debian Chromium.
 *
 * @example
 * const testbed = await startMigrationTestbed((await migrateAccountKitApp()).dir)
 * const page = await testbed.openApp()
 */
export async function startMigrationTestbed(appDir: string): Promise<MigrationTestbed> {
  const { frameDir } = inject('browserAssets')
  const outDir = await mkdtemp(join(tmpdir(), 'sigil-migration-dist-'))
  const stops: (() => Promise<unknown>)[] = [() => rm(outDir, { recursive: true, force: true })]
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop()
  }
  try {
    const [chain, listener] = await Promise.all([
      startLightAccountChain(),
      serveLateBound(),
      buildApp(appDir, outDir),
    ])
    stops.push(chain.stop, listener.close)
    const serverUrl = listener.url.replace('127.0.0.1', 'localhost')
    const page = await serveDemo({ root: outDir, port: 0 })
    stops.push(page.close)
    const server = await createTestServer('sqlite', {
      publicUrl: serverUrl,
      devMailbox: true,
      frameDir,
      chains: [{ id: 31337, rpcUrl: chain.rpcUrl }],
    })
    stops.push(server.cleanup)
    listener.bind(server.app.fetch)
    const app = await createApp(server.store.db, {
      name: 'migrated Account Kit app',
      origins: [page.url],
      now: Date.now(),
    })
    const browser = await launchChromium()
    stops.push(() => browser.close())
    const settings: AppSettings = { rpcUrl: serverUrl, apiKey: app.apiKey, chainRpcUrl: chain.rpcUrl }
    return {
      chain,
      server,
      serverUrl,
      appUrl: page.url,
      browser,
      openApp: () => openApp(browser, page, settings),
      async readCode(email) {
        for (let waited = 0; waited <= 10_000; waited += 100) {
          const response = await server.app.request(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)
          const { messages } = (await response.json()) as { messages: { code?: string }[] }
          if (messages[0]?.code) return messages[0].code
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
        throw new Error(`no sign-in mail to ${email} in the dev mailbox`)
      },
      close: stopAll,
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}

/** anvil with the EntryPoints and LightAccount v1.1/v2 at their canonical addresses. */
async function startLightAccountChain(): Promise<StartTestChainReturnType> {
  const chain = await startTestChain()
  try {
    await deployLightAccounts(chain.client)
    return chain
  } catch (error) {
    await chain.stop()
    throw error
  }
}

async function openApp(browser: Browser, page: DemoServer, settings: AppSettings): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 900, height: 700 } })
  await context.addInitScript((value) => {
    window.appSettings = value
  }, settings)
  const tab = await context.newPage()
  tab.on('pageerror', (error) => process.stderr.write(`[migration] page error: ${error.message}\n`))
  if (process.env.SIGIL_BROWSER_DEBUG)
    tab.on('console', (message) =>
      process.stderr.write(`[migration] console.${message.type()}: ${message.text()}\n`),
    )
  await tab.goto(page.url)
  return tab
}

/** The app built by Vite (React plugin, packages from source as apps/demo builds them) into `outDir`. */
async function buildApp(root: string, outDir: string): Promise<void> {
  await build({
    root,
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    resolve: { conditions: ['source', ...defaultClientConditions] },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      minify: false,
      reportCompressedSize: false,
    },
  })
}
