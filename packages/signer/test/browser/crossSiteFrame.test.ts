import type { Page } from 'playwright-core'
import { recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApp } from '../../../server/src/apps/createApp.js'
import { type BrowserTestbed, startBrowserTestbed } from './startBrowserTestbed.js'
import { signInWithEmailCode, type TestPageWindow } from './testPage.js'

let testbed: BrowserTestbed
/** The test app on `http://127.0.0.1:PORT`: another site than the server on `localhost`. */
let crossSiteUrl: string
let apiKey: string
let appId: string
beforeAll(async () => {
  testbed = await startBrowserTestbed('cross-site-frame')
  crossSiteUrl = testbed.appUrl.replace('localhost', '127.0.0.1')
  ;({ apiKey, appId } = await createApp(testbed.server.store.db, {
    name: 'cross-site app',
    origins: [crossSiteUrl],
    now: Date.now(),
  }))
})
afterAll(async () => {
  await testbed?.close()
})

const frameWarning = /^Sigil key frame: this browser denies the frame its storage \(IndexedDB\)/
const sessionKey = 'alchemy-signer-session'

type PageLog = { warnings: string[]; errors: string[] }

/** Opens the app on the cross-site origin with a signer, recording console warnings and page errors. */
async function openCrossSitePage(): Promise<{ page: Page; log: PageLog }> {
  const context = await testbed.newContext()
  const page = await context.newPage()
  const log: PageLog = { warnings: [], errors: [] }
  page.on('console', (message) => {
    if (message.type() === 'warning') log.warnings.push(message.text())
  })
  page.on('pageerror', (error) => log.errors.push(error.message))
  await page.addInitScript(
    (config) => {
      ;(window as unknown as { __sigilConfig: unknown }).__sigilConfig = config
    },
    {
      connection: { rpcUrl: testbed.serverUrl, apiKey },
      iframeConfig: { iframeContainerId: 'signer-frame' },
    },
  )
  await page.goto(`${crossSiteUrl}/`)
  await page.waitForFunction(() => 'sigil' in window)
  await page.evaluate(() => (window as unknown as { signerReady: Promise<void> }).signerReady)
  return { page, log }
}

/** What the auth frame (of the app `frameAppId`) meets when it opens an IndexedDB database itself. */
async function probeFrameIndexedDb(page: Page, frameAppId = appId): Promise<string> {
  const frame = page
    .frames()
    .find((candidate) => candidate.url() === `${testbed.serverUrl}/frame/auth?app=${frameAppId}`)
  if (!frame) throw new Error('the auth frame is not mounted')
  return frame.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const request = indexedDB.open('probe', 1)
        request.onsuccess = () => resolve('opened')
        request.onerror = () => resolve(`${request.error?.name}: ${request.error?.message}`)
      }),
  )
}

test('behavior: a cross-site key frame denied IndexedDB keeps its key in memory; the session ends with the page', async () => {
  const { page, log } = await openCrossSitePage()
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).signer.status)).toBe('DISCONNECTED')
  await testbed.screenshot(page, '1-disconnected')

  const user = await signInWithEmailCode(page, testbed.readCode, 'cross-site@example.com')
  await page.waitForSelector('#status:text("CONNECTED")')
  await testbed.screenshot(page, '2-connected')
  // Chromium does deny this frame its database: the fallback, not IndexedDB, holds the key.
  expect(await probeFrameIndexedDb(page)).toBe(
    'UnknownError: The user denied permission to access the database.',
  )
  expect(log.warnings.filter((text) => frameWarning.test(text))).toHaveLength(1)
  expect(log.errors).toEqual([])

  const signature = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.signMessage('signed from another site'),
  )
  expect(await recoverMessageAddress({ message: 'signed from another site', signature })).toBe(user.address)
  expect(await page.evaluate((key) => localStorage.getItem(key), sessionKey)).not.toBeNull()

  // The frame's key died with the page: the stored bundle cannot be opened, so the session is cleared.
  log.warnings.length = 0
  await page.reload()
  await page.waitForFunction(() => 'sigil' in window)
  await page.evaluate(() => (window as unknown as { signerReady: Promise<void> }).signerReady)
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).signer.status)).toBe('DISCONNECTED')
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).signer.user)).toBeUndefined()
  expect(await page.textContent('#status')).toBe('DISCONNECTED')
  await testbed.screenshot(page, '3-reloaded-disconnected')
  expect(log.warnings.filter((text) => text.startsWith('Failed to load user from session'))).toHaveLength(1)
  expect(log.warnings.filter((text) => frameWarning.test(text))).toHaveLength(1)
  expect(await page.evaluate((key) => localStorage.getItem(key), sessionKey)).toBeNull()
  expect(log.errors).toEqual([])

  // Signing in again on the reloaded page works.
  const again = await signInWithEmailCode(page, testbed.readCode, 'cross-site@example.com')
  expect(again.address).toBe(user.address)
  await page.waitForSelector('#status:text("CONNECTED")')
  await testbed.screenshot(page, '4-signed-in-again')
})

test('default: on the app’s site the frame keeps its key in IndexedDB, without a warning, and a reload restores the session', async () => {
  const page = await testbed.openPage()
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  const user = await signInWithEmailCode(page, testbed.readCode, 'same-site@example.com')
  expect(await probeFrameIndexedDb(page, testbed.app.appId)).toBe('opened')

  await page.reload()
  await page.waitForFunction(() => 'sigil' in window)
  await page.evaluate(() => (window as unknown as { signerReady: Promise<void> }).signerReady)
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).signer.user?.address)).toBe(
    user.address,
  )
  await page.waitForSelector('#status:text("CONNECTED")')
  await testbed.screenshot(page, '5-same-site-reloaded-connected')
  expect(warnings).toEqual([])
})
