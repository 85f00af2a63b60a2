import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core'
import { recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type BrowserTestbed, startBrowserTestbed } from './startBrowserTestbed.js'
import {
  readFrameKey,
  reloadPage,
  showOnPage,
  signInWithEmailCode,
  type TestPageWindow,
  waitForStatus,
} from './testPage.js'

/**
 * The stored session in Chromium (docs/protocol.md#sessions, docs/account-kit.md#signer): restore after a reload through
 * the frame's persisted embedded key, expiry, two tabs of one profile following each other, and a
 * stored session that cannot be loaded.
 */

let testbed: BrowserTestbed
beforeAll(async () => {
  testbed = await startBrowserTestbed('session')
})
afterAll(async () => {
  await testbed?.close()
})

const sessionKey = 'alchemy-signer-session'

const signerState = (page: Page) =>
  page.evaluate(() => {
    const { signer, signerEvents } = window as unknown as TestPageWindow
    return { status: signer.status, user: signer.user, events: [...signerEvents] }
  })

const storedSession = (page: Page) => page.evaluate((key) => localStorage.getItem(key), sessionKey)

const signMessage = (page: Page, message: string) =>
  page.evaluate((text) => (window as unknown as TestPageWindow).signer.signMessage(text), message)

const signingError = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.signMessage('hello').then(
      () => undefined,
      (error: Error) => ({ name: error.name, message: error.message }),
    ),
  )

const notAuthenticated = {
  name: 'NotAuthenticatedError',
  message: 'Signer not authenticated. Please authenticate to use this signer.',
}

/** The paths of the signer API calls `page` makes from now on. */
function recordSignerCalls(page: Page): string[] {
  const paths: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin === testbed.serverUrl && url.pathname.startsWith('/signer/'))
      paths.push(url.pathname.slice('/signer'.length))
  })
  return paths
}

test('default: a reload restores the session through the frame’s stored key, without a new sign-in', async () => {
  const page = await testbed.openPage()
  const user = await signInWithEmailCode(page, testbed.readCode, 'restore@example.com')
  await waitForStatus(page, 'CONNECTED')
  const frameUrl = `${testbed.serverUrl}/frame/auth?app=${testbed.app.appId}`
  const keyBefore = await readFrameKey(page, frameUrl)
  expect(keyBefore?.publicKeyHex).toMatch(/^04[0-9a-f]{128}$/)
  const stored = await storedSession(page)
  expect(JSON.parse(stored!)).toMatchObject({
    state: { session: { type: 'otp', bundle: expect.any(String), user: { userId: user.userId } } },
    version: 0,
  })
  await showOnPage(page, 'stored session', stored!)
  await testbed.screenshot(page, 'restore-1-signed-in')

  const calls = recordSignerCalls(page)
  await reloadPage(page)
  await waitForStatus(page, 'CONNECTED')
  const restored = await signerState(page)
  expect(restored.user).toMatchObject({
    userId: user.userId,
    orgId: user.orgId,
    address: user.address,
    email: 'restore@example.com',
  })
  // A fresh page: its signer never asked for a code, it re-injected the stored bundle and asked whoami.
  expect(restored.events).not.toContain('statusChanged:AWAITING_EMAIL_AUTH')
  expect(restored.events.at(-1)).toBe('connected')
  // signer-config names the app whose frame is mounted (`/frame/auth?app=<appId>`).
  expect(calls).toEqual(['/v1/signer-config', '/v1/whoami'])
  // The bundle was sealed to the embedded key, which survived in the frame's IndexedDB.
  expect((await readFrameKey(page, frameUrl))?.publicKeyHex).toBe(keyBefore?.publicKeyHex)
  expect(await storedSession(page)).toBe(stored)

  const signature = await signMessage(page, 'signed after a reload')
  expect(await recoverMessageAddress({ message: 'signed after a reload', signature })).toBe(user.address)
  await showOnPage(page, 'events after reload', restored.events.join(', '))
  await showOnPage(page, 'signMessage after reload', signature)
  await testbed.screenshot(page, 'restore-2-reloaded')
  await page.context().close()
})

test('behavior: the session expires after sessionConfig.expirationTimeMs', async () => {
  const signer = { sessionConfig: { expirationTimeMs: 3000 } }
  const page = await testbed.openPage({ signer })
  await page.evaluate(() => {
    const testWindow = window as unknown as TestPageWindow & { disconnectedAt?: number }
    testWindow.signer.on('disconnected', () => {
      testWindow.disconnectedAt = Date.now()
    })
  })
  await signInWithEmailCode(page, testbed.readCode, 'expiry@example.com')
  await waitForStatus(page, 'CONNECTED')
  const { expirationDateMs } = JSON.parse((await storedSession(page))!).state.session as {
    expirationDateMs: number
  }
  // Set when the sign-in connected: 3 s from then.
  expect(expirationDateMs - Date.now()).toBeGreaterThan(0)
  expect(expirationDateMs - Date.now()).toBeLessThanOrEqual(3000)
  await testbed.screenshot(page, 'expiry-1-connected')

  await waitForStatus(page, 'DISCONNECTED', 6000)
  const disconnectedAt = await page.evaluate(
    () => (window as unknown as { disconnectedAt?: number }).disconnectedAt,
  )
  expect(disconnectedAt).toBeGreaterThanOrEqual(expirationDateMs)
  expect(disconnectedAt! - expirationDateMs).toBeLessThan(1500)
  const state = await signerState(page)
  expect(state.user).toBeUndefined()
  expect(state.events.slice(-2)).toEqual(['statusChanged:DISCONNECTED', 'disconnected'])
  expect(state.events.indexOf('connected')).toBeGreaterThanOrEqual(0)
  expect(state.events.indexOf('connected')).toBeLessThan(state.events.lastIndexOf('disconnected'))
  expect(await storedSession(page)).toBeNull()
  expect(await signingError(page)).toEqual(notAuthenticated)
  await showOnPage(page, 'events', state.events.join(', '))
  await testbed.screenshot(page, 'expiry-2-expired')

  await reloadPage(page)
  const reloaded = await signerState(page)
  expect(reloaded.status).toBe('DISCONNECTED')
  expect(reloaded.events).toEqual([
    // signer.on reports the current status, error and MFA status at once (the page listens at start).
    'statusChanged:INITIALIZING',
    'errorChanged',
    'mfaStatusChanged',
    'statusChanged:DISCONNECTED',
    'disconnected',
  ])
  await testbed.screenshot(page, 'expiry-3-reloaded')
  await page.context().close()
})

test('behavior: a stored session that expired while no page was open is cleared on load', async () => {
  const signer = { sessionConfig: { expirationTimeMs: 2000 } }
  const context = await testbed.newContext()
  const first = await testbed.openPage({ signer, context })
  await signInWithEmailCode(first, testbed.readCode, 'closed@example.com')
  await waitForStatus(first, 'CONNECTED')
  const stored = await storedSession(first)
  const { expirationDateMs } = JSON.parse(stored!).state.session as { expirationDateMs: number }
  await first.close()
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, expirationDateMs - Date.now()) + 300))

  // Another tab of the profile finds the expired session in localStorage.
  const probe = await testbed.openPage({ signer: false, context })
  expect(await storedSession(probe)).toBe(stored)
  await probe.close()
  const page = await testbed.openPage({ signer, context })
  const state = await signerState(page)
  expect(state.status).toBe('DISCONNECTED')
  expect(state.events).not.toContain('connected')
  expect(await storedSession(page)).toBeNull()
  await testbed.screenshot(page, 'expired-on-load')
  await context.close()
})

test('behavior: a sign-in in one tab connects the other tab; disconnect() in one disconnects the other', async () => {
  const context = await testbed.newContext()
  const tabA = await testbed.openPage({ context })
  const tabB = await testbed.openPage({ context })
  await waitForStatus(tabB, 'DISCONNECTED')

  const user = await signInWithEmailCode(tabA, testbed.readCode, 'tabs@example.com')
  await waitForStatus(tabA, 'CONNECTED')
  await testbed.screenshot(tabA, 'tabs-1-a-signed-in')
  // Tab B hears the `storage` event and restores the session in its own key frame.
  await waitForStatus(tabB, 'CONNECTED')
  expect((await signerState(tabB)).user).toMatchObject({ userId: user.userId, address: user.address })
  const signature = await signMessage(tabB, 'signed in tab B')
  expect(await recoverMessageAddress({ message: 'signed in tab B', signature })).toBe(user.address)
  await showOnPage(tabB, 'signMessage in tab B', signature)
  await testbed.screenshot(tabB, 'tabs-2-b-connected')

  await tabA.evaluate(() => (window as unknown as TestPageWindow).signer.disconnect())
  await waitForStatus(tabA, 'DISCONNECTED')
  await testbed.screenshot(tabA, 'tabs-3-a-disconnected')
  await waitForStatus(tabB, 'DISCONNECTED')
  const stateB = await signerState(tabB)
  expect(stateB.user).toBeUndefined()
  expect(stateB.events.at(-1)).toBe('disconnected')
  expect(await signingError(tabB)).toEqual(notAuthenticated)
  await showOnPage(tabB, 'events in tab B', stateB.events.join(', '))
  await testbed.screenshot(tabB, 'tabs-4-b-disconnected')
  await context.close()
})

/** Opens the signer in `context` after writing `value` under the session key, and collects warnings. */
async function openWithStoredSession(context: BrowserContext, value: string) {
  const setup = await testbed.openPage({ signer: false, context })
  await setup.evaluate(({ key, text }) => localStorage.setItem(key, text), { key: sessionKey, text: value })
  await setup.close()
  const warnings: string[] = []
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'warning') warnings.push(message.text())
  }
  context.on('console', onConsole)
  const page = await testbed.openPage({ context })
  await waitForStatus(page, 'DISCONNECTED')
  return { page, warnings }
}

test('error: an unreadable stored session is cleared with a warning', async () => {
  const context = await testbed.newContext()
  const { page, warnings } = await openWithStoredSession(context, '{"state":{"session":garbage')
  expect(warnings).toEqual([expect.stringContaining('Failed to load user from session')])
  expect(await storedSession(page)).toBeNull()
  expect((await signerState(page)).user).toBeUndefined()
  await showOnPage(page, 'console.warn', warnings.join('\n'))
  await testbed.screenshot(page, 'corrupt-1-unreadable')
  await context.close()
})

test('error: a stored session whose bundle the frame cannot open is cleared with a warning', async () => {
  const context = await testbed.newContext()
  const session = {
    type: 'otp',
    bundle: 'not-a-credential-bundle',
    expirationDateMs: Date.now() + 600_000,
    user: {
      address: '0x0000000000000000000000000000000000000001',
      orgId: '00000000-0000-4000-8000-000000000001',
      userId: '00000000-0000-4000-8000-000000000002',
      email: 'nobody@example.com',
    },
  }
  const { page, warnings } = await openWithStoredSession(
    context,
    JSON.stringify({ state: { session }, version: 0 }),
  )
  expect(warnings).toEqual([expect.stringContaining('Failed to load user from session')])
  expect(await storedSession(page)).toBeNull()
  const state = await signerState(page)
  expect(state.user).toBeUndefined()
  expect(state.events).not.toContain('connected')
  expect(await signingError(page)).toEqual(notAuthenticated)
  await showOnPage(page, 'console.warn', warnings.join('\n'))
  await testbed.screenshot(page, 'corrupt-2-bad-bundle')
  await context.close()
})
