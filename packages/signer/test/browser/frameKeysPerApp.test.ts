import type { Page } from 'playwright-core'
import { recoverMessageAddress } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { embeddedKeyName } from '../../../frame/src/shared/embeddedKeyName.js'
import type { User } from '../../src/types.js'
import { connectKeyFrame, keyFrameRequest } from './keyFrameChannel.js'
import { type OtherAppPage, serveOtherAppPage } from './serveOtherAppPage.js'
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
 * Attack 6 of issue 29 in Chromium: browsers give all pages of one top-level site one storage
 * partition, so two apps on one site (here two ports of localhost: app A is the test app, app B
 * another tenant) shared the key frames' stored keys. App B's page, driving its own Sigil frames,
 * could reset app A's key (signing A's users out) and open a bundle sealed to A's key. Keys are now
 * named by app and embedding origin (docs/security.md#key-frames-and-a-compromised-page).
 */

let testbed: BrowserTestbed
/** App B's page: another origin of the test app's site, with an app of its own. */
let appB: OtherAppPage
beforeAll(async () => {
  testbed = await startBrowserTestbed('frame-keys-per-app')
  appB = await serveOtherAppPage(testbed, 'App B (same site)')
})
afterAll(async () => {
  await testbed?.close()
  await appB?.close()
})

/** Signs a user in on app A's page (the SDK, in `context`), and answers the page and the user. */
async function signInOnAppA(context: Awaited<ReturnType<BrowserTestbed['newContext']>>, email: string) {
  const page = await testbed.openPage({ context })
  const user = await signInWithEmailCode(page, testbed.readCode, email)
  await waitForStatus(page, 'CONNECTED')
  return { page, user }
}

/** App B's page, in the same browser profile as app A's. */
async function openAppB(page: Page) {
  const tab = await page.context().newPage()
  await tab.goto(`${appB.url}/`)
  return tab
}

/** POSTs a stamped body to the server's `/public/v1/<path>`; answers the status and JSON. */
async function submitStamped(path: string, body: string, stamp: string) {
  const response = await fetch(`${testbed.serverUrl}/public/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Stamp': stamp },
    body,
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

test("error: attack 6 — app B's page on the same site cannot reset app A's frame key nor open A's credential bundle", async () => {
  const context = await testbed.newContext()
  const { page: pageA, user } = await signInOnAppA(context, 'frame-keys-a@example.com')
  const authA = `${testbed.serverUrl}/frame/auth?app=${testbed.app.appId}`
  // A second auth frame of app A on A's page loads the same stored key: A's key, seen from outside.
  const keyA = await connectKeyFrame(pageA, 'probe-a', authA)
  const bundleA = await pageA.evaluate(
    () => JSON.parse(localStorage.getItem('alchemy-signer-session') ?? '{}').state?.session?.bundle as string,
  )
  expect(bundleA).toEqual(expect.any(String))

  const pageB = await openAppB(pageA)
  const keyB = await connectKeyFrame(pageB, 'b-auth', `${testbed.serverUrl}/frame/auth?app=${appB.appId}`)
  await showOnPage(pageB, "app B's frame key", keyB)
  // Measured all the way through (soft), so that a failing run shows every step that went wrong.
  expect.soft(keyB, "app B's frame announces a key of its own").not.toBe(keyA)

  // App B's page got hold of A's credential bundle (e.g. from a link): it does not open in B's frame.
  const injected = await keyFrameRequest(pageB, 'b-auth', {
    type: 'INJECT_CREDENTIAL_BUNDLE',
    value: bundleA,
  })
  expect.soft(injected.type, 'injecting A’s bundle in B’s frame').toBe('ERROR')
  const whoamiBody = JSON.stringify({ organizationId: user.orgId })
  const stamped = await keyFrameRequest(pageB, 'b-auth', { type: 'STAMP_REQUEST', value: whoamiBody })
  const asUserA =
    stamped.type === 'STAMP'
      ? await submitStamped('query/whoami', whoamiBody, String(stamped.value))
      : undefined
  expect.soft(stamped, 'B’s frame stamping for A’s user').toMatchObject({
    type: 'ERROR',
    value: 'no credential bundle has been injected',
  })
  expect.soft(asUserA?.status, 'whoami as A’s user from B’s page').toBeUndefined()
  await showOnPage(pageB, 'A’s bundle in B’s frame', JSON.stringify(injected))

  // App B resets its frame's key: A's key stays.
  expect(await keyFrameRequest(pageB, 'b-auth', { type: 'RESET_EMBEDDED_KEY' })).toMatchObject({
    type: 'EMBEDDED_KEY_RESET',
    value: null,
  })
  await testbed.screenshot(pageB, 'auth-1-app-b')
  const keyAAfter = await keyFrameRequest(pageA, 'probe-a', { type: 'GET_EMBEDDED_PUBLIC_KEY' })
  expect.soft(keyAAfter.value, "A's key after B's reset").toBe(keyA)

  // A's user is still signed in: a reload re-opens the stored bundle with A's key.
  await reloadPage(pageA)
  const status = await pageA.evaluate(() => (window as unknown as TestPageWindow).signer.status)
  expect.soft(status, "A's signer after a reload").toBe('CONNECTED')
  await testbed.screenshot(pageA, 'auth-2-app-a-reloaded')
  expect(status).toBe('CONNECTED')
  const signature = await pageA.evaluate(() =>
    (window as unknown as TestPageWindow).signer.signMessage('app A still signs'),
  )
  expect(await recoverMessageAddress({ message: 'app A still signs', signature })).toBe(user.address)
  await context.close()
})

/** The id of the user's wallet, read from the server's store. */
async function walletId(user: User): Promise<string> {
  const row = await testbed.server.store.db
    .selectFrom('wallets')
    .select('id')
    .where('organization_id', '=', user.orgId)
    .executeTakeFirstOrThrow()
  return row.id
}

/** Has app A's auth frame (through A's signer) stamp a wallet export sealed to `targetPublicKey`. */
function stampExport(page: Page, user: User, wallet: string, targetPublicKey: string) {
  return page.evaluate(
    async ({ orgId, walletId, targetPublicKey }) => {
      const body = JSON.stringify({
        type: 'ACTIVITY_TYPE_EXPORT_WALLET',
        timestampMs: String(Date.now()),
        organizationId: orgId,
        parameters: { walletId, targetPublicKey },
      })
      return (window as unknown as TestPageWindow).signer.sessionStamper.stamp(body).then(
        (stamp) => ({ body, stamp: stamp.stampHeaderValue }),
        (error: Error) => ({ error: error.message }),
      )
    },
    { orgId: user.orgId, walletId: wallet, targetPublicKey },
  )
}

test("error: attack 6 — an export bundle for app A's export frame does not open in app B's on the same site", async () => {
  const context = await testbed.newContext()
  const { page: pageA, user } = await signInOnAppA(context, 'frame-keys-export@example.com')
  const wallet = await walletId(user)
  const pageB = await openAppB(pageA)
  const exportB = `${testbed.serverUrl}/frame/export?app=${appB.appId}`
  const keyB = await connectKeyFrame(pageB, 'b-export', exportB)

  // A's auth frame does not take B's live export frame as an export target.
  expect
    .soft(await stampExport(pageA, user, wallet, keyB), 'an export of A’s user sealed to B’s frame')
    .toEqual({
      error:
        "The key frame refuses to stamp ACTIVITY_TYPE_EXPORT_WALLET: its targetPublicKey is not the key of Sigil's export frame.",
    })

  // A exports into its own export frame (mounted after B's).
  const keyA = await pageA.evaluate(async (url) => {
    const testWindow = window as unknown as TestPageWindow & { exportFrameA: unknown }
    const frame = testWindow.sigil.createExportFrame({
      url,
      elementId: 'export-a',
      containerId: 'export-frame',
    })
    testWindow.exportFrameA = frame
    return frame.init()
  }, `${testbed.serverUrl}/frame/export?app=${testbed.app.appId}`)
  const stamped = await stampExport(pageA, user, wallet, keyA)
  if (!('stamp' in stamped)) throw new Error(`A's export was refused: ${stamped.error}`)
  const submitted = await submitStamped('submit/export_wallet', stamped.body, stamped.stamp)
  expect(submitted.status).toBe(200)
  const bundle = (
    submitted.body as { activity: { result: { exportWalletResult: { exportBundle: string } } } }
  ).activity.result.exportWalletResult.exportBundle

  // App B's page got the bundle: its export frame cannot open it, and shows nothing.
  const injectedInB = await keyFrameRequest(pageB, 'b-export', {
    type: 'INJECT_WALLET_EXPORT_BUNDLE',
    value: bundle,
    organizationId: user.orgId,
  })
  expect.soft(injectedInB.type, 'A’s export bundle in B’s export frame').toBe('ERROR')
  const frameB = pageB.frames().find((frame) => frame.url() === exportB)!
  expect.soft(((await frameB.textContent('#secret')) ?? '').trim(), 'what B’s export frame shows').toBe('')
  await testbed.screenshot(pageB, 'export-1-app-b')

  // A's own export frame still opens it.
  const shown = await pageA.evaluate(
    ({ bundle, orgId }) =>
      (
        window as unknown as { exportFrameA: { injectWalletBundle(b: string, o: string): Promise<boolean> } }
      ).exportFrameA
        .injectWalletBundle(bundle, orgId)
        .catch((error: Error) => error.message),
    { bundle, orgId: user.orgId },
  )
  expect(shown).toBe(true)
  const frameA = (await (await pageA.waitForSelector('#export-a')).contentFrame())!
  await frameA.waitForSelector('#secret', { state: 'visible' })
  expect(mnemonicToAccount(((await frameA.textContent('#secret')) ?? '').trim()).address).toBe(user.address)
  await testbed.screenshot(pageA, 'export-2-app-a-shown')
  await context.close()
})

/**
 * Puts the auth frame's key of `page` back where a frame before this change kept it (`auth`, the
 * one unnamed key of the partition), as a user signed in before the upgrade has it.
 */
async function storeUnderLegacyName(page: Page, frameUrl: string, name: string) {
  const frame = page.frames().find((candidate) => candidate.url() === frameUrl)
  if (!frame) throw new Error(`no frame ${frameUrl} on the page`)
  await frame.evaluate(async (name) => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('sigil-frame')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    await new Promise<void>((resolve, reject) => {
      const transaction = database.transaction('keys', 'readwrite')
      const store = transaction.objectStore('keys')
      const current = store.get(name)
      current.onsuccess = () => {
        store.put(current.result, 'auth')
        store.delete(name)
      }
      transaction.oncomplete = () => resolve()
      transaction.onerror = () => reject(transaction.error)
    })
    database.close()
  }, name)
}

test('behavior: a user signed in before keys were named stays signed in; the old key goes to the first app and origin only', async () => {
  const context = await testbed.newContext()
  const { page: pageA, user } = await signInOnAppA(context, 'frame-keys-upgrade@example.com')
  const authA = `${testbed.serverUrl}/frame/auth?app=${testbed.app.appId}`
  const keyA = await readFrameKey(pageA, authA)
  expect(keyA?.publicKeyHex).toMatch(/^04[0-9a-f]{128}$/)
  await storeUnderLegacyName(
    pageA,
    authA,
    embeddedKeyName('auth', { app: testbed.app.appId, origin: testbed.appUrl }),
  )
  expect(await readFrameKey(pageA, authA)).toBeUndefined()

  // The first frame to load a key after the upgrade is app A's (the user comes back to A): it
  // adopts the old key, and the stored session opens as before.
  await reloadPage(pageA)
  expect(await pageA.evaluate(() => (window as unknown as TestPageWindow).signer.status)).toBe('CONNECTED')
  expect((await readFrameKey(pageA, authA))?.publicKeyHex).toBe(keyA?.publicKeyHex)
  const signature = await pageA.evaluate(() =>
    (window as unknown as TestPageWindow).signer.signMessage('signed after the upgrade'),
  )
  expect(await recoverMessageAddress({ message: 'signed after the upgrade', signature })).toBe(user.address)

  // The old entry is gone: app B's frame on the same site gets a key of its own.
  const pageB = await openAppB(pageA)
  const keyB = await connectKeyFrame(pageB, 'b-auth', `${testbed.serverUrl}/frame/auth?app=${appB.appId}`)
  expect(keyB).not.toBe(keyA?.publicKeyHex)
  await testbed.screenshot(pageA, 'upgrade-app-a-still-connected')
  await context.close()
})
