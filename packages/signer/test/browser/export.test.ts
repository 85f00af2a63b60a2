import { base58Decode, bytesToHex } from '@sigil/protocol'
import { createKeyPairFromBytes, getAddressFromPublicKey } from '@solana/kit'
import type { BrowserContext, Frame, Page } from 'playwright-core'
import { mnemonicToAccount, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { User } from '../../src/types.js'
import { type BrowserTestbed, startBrowserTestbed } from './startBrowserTestbed.js'
import { signInWithEmailCode, type TestPageWindow } from './testPage.js'

let testbed: BrowserTestbed
beforeAll(async () => {
  testbed = await startBrowserTestbed('export')
})
afterAll(async () => {
  await testbed?.close()
})

type RecordingWindow = TestPageWindow & { receivedMessages: string[] }

/**
 * A new browser profile whose app pages record every message the parent window receives: on the
 * window, on every MessagePort it creates (both ends of each `MessageChannel`) and on every port a
 * message hands it, as `JSON.stringify(event.data)`. Frames are left alone (top window only).
 */
async function newRecordingContext(): Promise<BrowserContext> {
  const context = await testbed.newContext()
  await context.addInitScript(() => {
    if (window !== window.top) return
    const received: string[] = []
    ;(window as unknown as RecordingWindow).receivedMessages = received
    const record = (event: MessageEvent) => {
      received.push(JSON.stringify(event.data) ?? String(event.data))
      for (const port of event.ports) port.addEventListener('message', record)
    }
    window.addEventListener('message', record, true)
    const NativeMessageChannel = window.MessageChannel
    window.MessageChannel = class extends NativeMessageChannel {
      constructor() {
        super()
        this.port1.addEventListener('message', record)
        this.port2.addEventListener('message', record)
      }
    }
  })
  return context
}

/** Everything the parent page holds that a secret could leak into. */
async function readParentPage(page: Page) {
  const html = await page.content()
  const inPage = await page.evaluate(() => {
    const testWindow = window as unknown as RecordingWindow
    return {
      innerText: document.body.innerText,
      localStorage: JSON.stringify({ ...localStorage }),
      sessionStorage: JSON.stringify({ ...sessionStorage }),
      signerEvents: JSON.stringify(testWindow.signerEvents),
      messages: testWindow.receivedMessages,
    }
  })
  return { html, ...inPage }
}

/** Asserts that none of `secrets` occurs (case-insensitively) in anything the parent page holds. */
async function expectParentNeverHolds(page: Page, secrets: string[]) {
  const parent = await readParentPage(page)
  const haystacks = {
    html: parent.html,
    innerText: parent.innerText,
    localStorage: parent.localStorage,
    sessionStorage: parent.sessionStorage,
    signerEvents: parent.signerEvents,
    ...Object.fromEntries(parent.messages.map((message, index) => [`message ${index}`, message])),
  }
  for (const [where, text] of Object.entries(haystacks))
    for (const secret of secrets)
      expect(text.toLowerCase().includes(secret.toLowerCase()), `${where} holds the secret`).toBe(false)
  return parent
}

/** Each run of two consecutive words: a leak of any part of the phrase, not only all of it. */
const wordPairs = (mnemonic: string) =>
  mnemonic
    .split(' ')
    .slice(1)
    .map((word, index) => `${mnemonic.split(' ')[index]} ${word}`)

async function signIn(email: string): Promise<{ page: Page; user: User }> {
  const page = await testbed.openPage({ context: await newRecordingContext() })
  const user = await signInWithEmailCode(page, testbed.readCode, email)
  await page.waitForSelector('#status:text("CONNECTED")')
  return { page, user }
}

/** The export frame, after `exportWallet` mounted it from the server's origin. */
async function exportFrame(page: Page): Promise<Frame> {
  const element = await page.waitForSelector('#export-frame > #turnkey-export-iframe')
  expect(await element.getAttribute('src')).toBe(`${testbed.serverUrl}/frame/export?app=${testbed.app.appId}`)
  const frame = await element.contentFrame()
  if (!frame) throw new Error('the export iframe has no frame')
  expect(new URL(frame.url()).origin).toBe(testbed.serverUrl)
  return frame
}

/** The secret the frame shows, after checking the warning and the Copy button are visible. */
async function shownSecret(frame: Frame): Promise<string> {
  await frame.waitForSelector('#secret', { state: 'visible' })
  expect(await frame.isVisible('text=Anyone with this secret controls your wallet.')).toBe(true)
  expect(await frame.isVisible('button#copy:text("Copy")')).toBe(true)
  return ((await frame.textContent('#secret')) ?? '').trim()
}

test('default: the seed phrase is shown in the export frame only, never in the parent page', async () => {
  const { page, user } = await signIn('export-seed@example.com')
  await testbed.screenshot(page, 'seed-1-connected')
  const messagesBefore = (await readParentPage(page)).messages.length

  const exported = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.exportWallet({ iframeContainerId: 'export-frame' }),
  )
  expect(exported).toBe(true)
  const mnemonic = await shownSecret(await exportFrame(page))
  await testbed.screenshot(page, 'seed-2-shown-in-frame')

  expect(mnemonic).toMatch(/^[a-z]+( [a-z]+){11}( [a-z]+){0,12}$/)
  expect([12, 24]).toContain(mnemonic.split(' ').length)
  const account = mnemonicToAccount(mnemonic)
  expect(account.address).toBe(user.address)
  const privateKey = bytesToHex(account.getHdKey().privateKey!)

  const parent = await expectParentNeverHolds(page, [mnemonic, ...wordPairs(mnemonic), privateKey])
  // The recorder heard the export frame's channel: its key announcement and the injection answer.
  const exportMessages = parent.messages.slice(messagesBefore)
  expect(exportMessages.some((message) => message.includes('"PUBLIC_KEY_READY"'))).toBe(true)
  expect(exportMessages.some((message) => message.includes('"BUNDLE_INJECTED"'))).toBe(true)
})

test('behavior: Copy puts the seed phrase on the clipboard', async () => {
  const { page } = await signIn('export-copy@example.com')
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: testbed.serverUrl })
  await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.exportWallet({ iframeContainerId: 'export-frame' }),
  )
  const frame = await exportFrame(page)
  const mnemonic = await shownSecret(frame)

  await frame.click('button#copy')
  await frame.waitForSelector('button#copy:text("Copied")')
  await testbed.screenshot(page, 'copy-1-copied')
  // Read back on the server's origin (where the permission was granted), in a tab of the same profile.
  const reader = await page.context().newPage()
  await reader.goto(`${testbed.serverUrl}/frame/export?app=${testbed.app.appId}`)
  expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe(mnemonic)
  await expectParentNeverHolds(page, [mnemonic, ...wordPairs(mnemonic)])
})

test('behavior: PRIVATE_KEY shows the 0x hex key of the user’s address in the frame only', async () => {
  const { page, user } = await signIn('export-key@example.com')
  const exported = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.exportWallet({
      iframeContainerId: 'export-frame',
      exportAs: 'PRIVATE_KEY',
    }),
  )
  expect(exported).toBe(true)
  const privateKey = await shownSecret(await exportFrame(page))
  await testbed.screenshot(page, 'key-1-shown-in-frame')

  expect(privateKey).toMatch(/^0x[0-9a-f]{64}$/)
  expect(privateKeyToAddress(privateKey as `0x${string}`)).toBe(user.address)
  await expectParentNeverHolds(page, [privateKey.slice(2)])
})

test('behavior: PRIVATE_KEY of the Solana address shows the 64-byte base58 key Solana wallets import', async () => {
  const { page, user } = await signIn('export-solana@example.com')
  expect(user.solanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  const exported = await page.evaluate(
    (address) =>
      (window as unknown as TestPageWindow).signer.exportWallet({
        iframeContainerId: 'export-frame',
        exportAs: 'PRIVATE_KEY',
        address,
      }),
    user.solanaAddress,
  )
  expect(exported).toBe(true)
  const secretKey = await shownSecret(await exportFrame(page))
  await testbed.screenshot(page, 'solana-1-shown-in-frame')

  const bytes = base58Decode(secretKey)
  expect(bytes).toHaveLength(64)
  // @solana/keys checks that the last 32 bytes are the public key of the first 32.
  const keyPair = await createKeyPairFromBytes(bytes)
  expect(await getAddressFromPublicKey(keyPair.publicKey)).toBe(user.solanaAddress)
  await expectParentNeverHolds(page, [secretKey, bytesToHex(bytes.slice(0, 32))])
})

test('error: exporting while signed out throws NotAuthenticatedError and mounts no frame', async () => {
  const page = await testbed.openPage()
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).signer.status)).toBe('DISCONNECTED')
  const error = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.exportWallet({ iframeContainerId: 'export-frame' }).then(
      () => undefined,
      (reason: Error) => ({ name: reason.name, message: reason.message }),
    ),
  )
  expect(error).toEqual({
    name: 'NotAuthenticatedError',
    message: 'Signer not authenticated. Please authenticate to use this signer.',
  })
  expect(await page.$('#turnkey-export-iframe')).toBeNull()
  await testbed.screenshot(page, 'error-1-signed-out')
})
