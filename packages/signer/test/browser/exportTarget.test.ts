import type { Page } from 'playwright-core'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApp } from '../../../server/src/apps/createApp.js'
import type { User } from '../../src/types.js'
import { type OtherAppPage, serveOtherAppPage } from './serveOtherAppPage.js'
import { type BrowserTestbed, startBrowserTestbed } from './startBrowserTestbed.js'
import { showOnPage, signInWithEmailCode, type TestPageWindow } from './testPage.js'

/**
 * Hole 7 in Chromium: a script on an allowed page asked the auth frame to stamp
 * `ACTIVITY_TYPE_EXPORT_*` with a target key the page held, and opened the user's seed. The auth
 * frame now stamps an export only to the key of a live Sigil export frame (which shows the secret
 * inside itself), and each frame page is served for one app. Server-side checks:
 * `packages/server/test/security/frames.test.ts`.
 */

let testbed: BrowserTestbed
/** A page of tenant B (another port of localhost), whose app is not the test app. */
let tenantB: OtherAppPage
beforeAll(async () => {
  testbed = await startBrowserTestbed('export-target')
  tenantB = await serveOtherAppPage(testbed, 'Tenant B')
})
afterAll(async () => {
  await testbed?.close()
  await tenantB?.close()
})

async function signIn(email: string): Promise<{ page: Page; user: User }> {
  const page = await testbed.openPage()
  const user = await signInWithEmailCode(page, testbed.readCode, email)
  await page.waitForSelector('#status:text("CONNECTED")')
  return { page, user }
}

/** The id of the user's wallet, read from the server's store. */
async function walletId(user: User): Promise<string> {
  const row = await testbed.server.store.db
    .selectFrom('wallets')
    .select('id')
    .where('organization_id', '=', user.orgId)
    .executeTakeFirstOrThrow()
  return row.id
}

/** Export activities the server has recorded in the user's organization. */
async function exportActivities(user: User): Promise<string[]> {
  const rows = await testbed.server.store.db
    .selectFrom('activities')
    .select('type')
    .where('organization_id', '=', user.orgId)
    .execute()
  return rows.map((row) => row.type).filter((type) => type.startsWith('ACTIVITY_TYPE_EXPORT_'))
}

/**
 * What a script on the page does: makes a P-256 key of its own and asks the signer's auth frame
 * (its STAMP_REQUEST port) to stamp an activity of `type` sealed to it. Answers the stamp, or the
 * frame's error.
 */
function stampWithPageKey(page: Page, type: string, parameters: Record<string, string>, orgId: string) {
  return page.evaluate(
    async ({ type, parameters, orgId }) => {
      const keyPair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
        'deriveBits',
      ])
      const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey))
      const targetPublicKey = Array.from(raw, (byte) => byte.toString(16).padStart(2, '0')).join('')
      const body = JSON.stringify({
        type,
        timestampMs: String(Date.now()),
        organizationId: orgId,
        parameters: { ...parameters, targetPublicKey },
      })
      const { signer } = window as unknown as TestPageWindow
      return signer.sessionStamper.stamp(body).then(
        (stamp) => ({ body, stamp: stamp.stampHeaderValue }),
        (error: Error) => ({ error: error.message }),
      )
    },
    { type, parameters, orgId },
  )
}

test('error: hole 7 — a page script cannot have the auth frame stamp an export to a key of its own', async () => {
  const { page, user } = await signIn('export-target-attack@example.com')
  const wallet = await walletId(user)
  const attempts = [
    ['ACTIVITY_TYPE_EXPORT_WALLET', { walletId: wallet }],
    ['ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT', { address: user.address }],
    ['ACTIVITY_TYPE_EXPORT_PRIVATE_KEY', { privateKeyId: 'any' }],
  ] as const
  for (const [type, parameters] of attempts) {
    const answer = await stampWithPageKey(page, type, parameters, user.orgId)
    expect(answer, type).toEqual({
      error: `The key frame refuses to stamp ${type}: its targetPublicKey is not the key of Sigil's export frame.`,
    })
    await showOnPage(page, type, JSON.stringify(answer))
  }
  // Nor an API key the page would hold (it could then stamp the export itself).
  const apiKey = await page.evaluate(
    ({ orgId, userId }) =>
      (window as unknown as TestPageWindow).signer.sessionStamper
        .stamp(
          JSON.stringify({
            type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
            timestampMs: String(Date.now()),
            organizationId: orgId,
            parameters: {
              userId,
              apiKeys: [{ apiKeyName: 'mine', publicKey: '02aa', curveType: 'API_KEY_CURVE_P256' }],
            },
          }),
        )
        .then(
          () => 'stamped',
          (error: Error) => error.message,
        ),
    { orgId: user.orgId, userId: user.userId },
  )
  expect(apiKey).toBe(
    'The key frame refuses to stamp ACTIVITY_TYPE_CREATE_API_KEYS_V2: a key held by the page could act for the user outside the frame.',
  )
  expect(await exportActivities(user)).toEqual([])
  // The frame still stamps everything else for the page.
  const signature = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.signMessage('still signing'),
  )
  expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
  await testbed.screenshot(page, 'attack-refused')
  await page.context().close()
})

test('behavior: the SDK’s export still shows the seed inside the export frame only', async () => {
  const { page, user } = await signIn('export-target-sdk@example.com')
  const exported = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.exportWallet({ iframeContainerId: 'export-frame' }),
  )
  expect(exported).toBe(true)
  const element = await page.waitForSelector('#export-frame > #turnkey-export-iframe')
  expect(await element.getAttribute('src')).toBe(`${testbed.serverUrl}/frame/export?app=${testbed.app.appId}`)
  const frame = (await element.contentFrame())!
  await frame.waitForSelector('#secret', { state: 'visible' })
  const mnemonic = ((await frame.textContent('#secret')) ?? '').trim()
  expect(mnemonicToAccount(mnemonic).address).toBe(user.address)
  expect((await page.content()).includes(mnemonic)).toBe(false)
  expect(await page.evaluate(() => document.body.innerText)).not.toContain(
    mnemonic.split(' ').slice(0, 2).join(' '),
  )
  expect(await exportActivities(user)).toEqual(['ACTIVITY_TYPE_EXPORT_WALLET'])
  await testbed.screenshot(page, 'sdk-export-shown-in-frame')
  await page.context().close()
})

test('error: hole 7 — a page driving the export frame itself only gets the seed shown in it, once', async () => {
  const { page, user } = await signIn('export-target-own-frame@example.com')
  const wallet = await walletId(user)
  // The page mounts Sigil's export frame itself and has the auth frame stamp an export to its key:
  // allowed, since only that frame can open the bundle.
  const { body, stamp, targetPublicKey } = await page.evaluate(
    async ({ url, orgId, walletId }) => {
      const testWindow = window as unknown as TestPageWindow
      const frame = testWindow.sigil.createExportFrame({
        url,
        elementId: 'own-export',
        containerId: 'export-frame',
      })
      ;(testWindow as unknown as { ownExportFrame: typeof frame }).ownExportFrame = frame
      const targetPublicKey = await frame.init()
      const body = JSON.stringify({
        type: 'ACTIVITY_TYPE_EXPORT_WALLET',
        timestampMs: String(Date.now()),
        organizationId: orgId,
        parameters: { walletId, targetPublicKey },
      })
      const stamp = await testWindow.signer.sessionStamper.stamp(body)
      return { body, stamp: stamp.stampHeaderValue, targetPublicKey }
    },
    {
      url: `${testbed.serverUrl}/frame/export?app=${testbed.app.appId}`,
      orgId: user.orgId,
      walletId: wallet,
    },
  )
  const response = await fetch(`${testbed.serverUrl}/public/v1/submit/export_wallet`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'X-Stamp': stamp },
  })
  expect(response.status).toBe(200)
  const { activity } = (await response.json()) as {
    activity: { result: { exportWalletResult: { exportBundle: string } } }
  }
  const bundle = activity.result.exportWalletResult.exportBundle
  // The bundle opens only inside the frame, which shows it there.
  expect(
    await page.evaluate(
      ({ bundle, orgId }) =>
        (
          window as unknown as {
            ownExportFrame: { injectWalletBundle(b: string, o: string): Promise<boolean> }
          }
        ).ownExportFrame.injectWalletBundle(bundle, orgId),
      { bundle, orgId: user.orgId },
    ),
  ).toBe(true)
  const frame = (await (await page.waitForSelector('#own-export')).contentFrame())!
  await frame.waitForSelector('#secret', { state: 'visible' })
  const mnemonic = ((await frame.textContent('#secret')) ?? '').trim()
  expect(mnemonicToAccount(mnemonic).address).toBe(user.address)
  expect((await page.content()).includes(mnemonic)).toBe(false)
  await testbed.screenshot(page, 'own-frame-shown-in-frame')

  // The frame's key was for one bundle: a second export to it is refused.
  const again = await page.evaluate(
    ({ orgId, walletId, targetPublicKey }) =>
      (window as unknown as TestPageWindow).signer.sessionStamper
        .stamp(
          JSON.stringify({
            type: 'ACTIVITY_TYPE_EXPORT_WALLET',
            timestampMs: String(Date.now()),
            organizationId: orgId,
            parameters: { walletId, targetPublicKey },
          }),
        )
        .then(
          () => 'stamped',
          (error: Error) => error.message,
        ),
    { orgId: user.orgId, walletId: wallet, targetPublicKey },
  )
  expect(again).toBe(
    "The key frame refuses to stamp ACTIVITY_TYPE_EXPORT_WALLET: its targetPublicKey is not the key of Sigil's export frame.",
  )
  await page.context().close()
})

test("error: hole 7 — tenant B's page cannot embed the test app's frame, nor the test app's page tenant B's", async () => {
  const context = await testbed.newContext()
  const page = await context.newPage()
  const blocked: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('frame-ancestors')) blocked.push(message.text())
  })
  await page.goto(`${tenantB.url}/`)
  const mount = (src: string) =>
    page.evaluate((frameSrc) => {
      const iframe = document.createElement('iframe')
      iframe.src = frameSrc
      iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin')
      document.body.appendChild(iframe)
      return new Promise((resolve) => iframe.addEventListener('load', resolve))
    }, src)
  await mount(`${testbed.serverUrl}/frame/auth?app=${testbed.app.appId}`)
  await expect.poll(() => blocked.length).toBe(1)
  expect(blocked[0]).toMatch(
    new RegExp(`^Framing '${testbed.serverUrl}/'.*frame-ancestors.*has been blocked`),
  )
  // Tenant B's own frame loads on its page and announces its key.
  const own = page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        window.addEventListener('message', (event) => {
          if (event.data?.type === 'PUBLIC_KEY_READY') resolve(event.data.value)
        }),
      ),
  )
  await mount(`${testbed.serverUrl}/frame/auth?app=${tenantB.appId}`)
  expect(await own).toMatch(/^04[0-9a-f]{128}$/)
  expect(blocked).toHaveLength(1)
  await testbed.screenshot(page, 'tenant-b')

  // And on the test app's page, tenant B's frame is refused.
  const appPage = await testbed.openPage({ signer: false, context })
  const appBlocked = appPage.waitForEvent('console', (message) => message.text().includes('frame-ancestors'))
  await appPage.evaluate((src) => {
    const iframe = document.createElement('iframe')
    iframe.src = src
    document.body.appendChild(iframe)
  }, `${testbed.serverUrl}/frame/export?app=${tenantB.appId}`)
  expect((await appBlocked).text()).toMatch(/has been blocked/)
  await context.close()
})

test('behavior: export works where the browser denies the frames their storage (cross-site, keys in memory)', async () => {
  const crossSiteUrl = testbed.appUrl.replace('localhost', '127.0.0.1')
  const { apiKey } = await createApp(testbed.server.store.db, {
    name: 'cross-site app',
    origins: [crossSiteUrl],
    now: Date.now(),
  })
  const context = await testbed.newContext()
  const page = await context.newPage()
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
  const user = await signInWithEmailCode(page, testbed.readCode, 'export-target-cross-site@example.com')
  const exportFrame = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.exportWallet({ iframeContainerId: 'export-frame' }),
  )
  expect(exportFrame).toBe(true)
  const frame = (await (await page.waitForSelector('#turnkey-export-iframe')).contentFrame())!
  // The frame really is denied its database here: the key handshake did not go through IndexedDB.
  expect(
    await frame.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const request = indexedDB.open('probe', 1)
          request.onsuccess = () => resolve('opened')
          request.onerror = () => resolve(String(request.error?.name))
        }),
    ),
  ).toBe('UnknownError')
  await frame.waitForSelector('#secret', { state: 'visible' })
  const mnemonic = ((await frame.textContent('#secret')) ?? '').trim()
  expect(mnemonicToAccount(mnemonic).address).toBe(user.address)
  await testbed.screenshot(page, 'cross-site-export')
  await context.close()
})
