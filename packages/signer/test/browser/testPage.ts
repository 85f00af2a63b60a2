import type { Page } from 'playwright-core'
import { embeddedKeyName } from '../../../frame/src/shared/embeddedKeyName.js'
import type * as sigil from '../../src/index.js'
import type { Signer } from '../../src/Signer.js'
import type { solanaKit } from './page/solanaKit.js'

/** What the test app page puts on `window` (see `page/main.ts`). */
export type TestPageWindow = Window & {
  sigil: typeof sigil
  signer: Signer
  signerEvents: string[]
  /** Settles when the page's signer is ready (see `page/main.ts`). */
  signerReady: Promise<void>
  /** Scratch space for promises a test starts in one `evaluate` and awaits in another. */
  pending: Record<string, Promise<unknown>>
  /** `@solana/kit` helpers bundled into the page (see `page/solanaKit.ts`). */
  solanaKit: typeof solanaKit
}

/** Reloads `page` and waits until its new signer is ready (stored session restored or cleared). */
export async function reloadPage(page: Page): Promise<void> {
  await page.reload()
  await page.waitForFunction(() => 'signerReady' in window)
  await page.evaluate(() => (window as unknown as TestPageWindow).signerReady)
}

/** Waits until the page's signer reports `status`. */
export async function waitForStatus(page: Page, status: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    (expected) => (window as unknown as TestPageWindow).signer?.status === expected,
    status,
    { timeout },
  )
}

/**
 * Signs in on `page` with an email code: starts `authenticate({type: 'email'})`, reads the code
 * from the dev mailbox, submits it with `authenticate({type: 'otp'})`, and answers the user.
 *
 * @example
 * const user = await signInWithEmailCode(page, testbed.readCode, 'ada@example.com')
 */
export async function signInWithEmailCode(
  page: Page,
  readCode: (email: string) => Promise<string>,
  email: string,
) {
  await page.evaluate((address) => {
    const testWindow = window as unknown as TestPageWindow
    testWindow.pending ??= {}
    testWindow.pending.email = testWindow.signer.authenticate({
      type: 'email',
      emailMode: 'otp',
      email: address,
    })
  }, email)
  await waitForStatus(page, 'AWAITING_EMAIL_AUTH')
  const code = await readCode(email)
  return page.evaluate(async (otpCode) => {
    const testWindow = window as unknown as TestPageWindow
    const user = await testWindow.signer.authenticate({ type: 'otp', otpCode })
    await testWindow.pending.email
    return user
  }, code)
}

/**
 * Writes `label: text` in a log box on the page (made on first use), so that a screenshot shows
 * what a step produced (a signature, an event list, a stamp).
 *
 * @example
 * await showOnPage(page, 'signMessage', signature)
 * await testbed.screenshot(page, '1-sign-message')
 */
export async function showOnPage(page: Page, label: string, text: string): Promise<void> {
  await page.evaluate(
    ({ label, text }) => {
      let log = document.getElementById('test-log')
      if (!log) {
        log = document.createElement('pre')
        log.id = 'test-log'
        log.style.cssText =
          'white-space: pre-wrap; word-break: break-all; font-size: 12px; background: #f4f4f4; padding: 8px'
        document.body.appendChild(log)
      }
      const line = document.createElement('div')
      const name = document.createElement('strong')
      name.textContent = `${label}: `
      line.append(name, text)
      log.appendChild(line)
    },
    { label, text },
  )
}

/**
 * What the auth frame keeps in its IndexedDB (`sigil-frame` / `keys` / the key named by the frame's
 * app and the page's origin), as seen from inside it.
 */
export type FrameKeyRecord = {
  publicKeyHex: string
  expiresAt: number
  privateKey: { type: string; algorithm: string; extractable: boolean; usages: string[] }
  /** Why `crypto.subtle.exportKey('jwk', privateKey)` failed (it must). */
  exportError: string | undefined
}

/**
 * Reads the embedded key record of the key frame at `frameUrl` (e.g. `${serverUrl}/frame/auth?app=…`)
 * for `page` (the key named by the frame URL's app and the page's origin) from inside the frame (its
 * own origin's IndexedDB), and tries to export the private key. Answers `undefined` when the frame
 * has no stored key for that page.
 *
 * @example
 * const record = await readFrameKey(page, `${testbed.serverUrl}/frame/auth?app=${testbed.app.appId}`)
 * expect(record?.privateKey.extractable).toBe(false)
 */
export async function readFrameKey(page: Page, frameUrl: string): Promise<FrameKeyRecord | undefined> {
  const frame = page.frames().find((candidate) => candidate.url() === frameUrl)
  if (!frame) throw new Error(`no frame ${frameUrl} on the page`)
  const name = embeddedKeyName('auth', {
    app: new URL(frameUrl).searchParams.get('app') ?? '',
    origin: new URL(page.url()).origin,
  })
  return frame.evaluate(async (name) => {
    const databases = await indexedDB.databases()
    if (!databases.some((database) => database.name === 'sigil-frame')) return undefined
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('sigil-frame')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    try {
      if (!database.objectStoreNames.contains('keys')) return undefined
      const record = await new Promise<
        { keyPair: CryptoKeyPair; publicKeyHex: string; expiresAt: number } | undefined
      >((resolve, reject) => {
        const request = database.transaction('keys', 'readonly').objectStore('keys').get(name)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      if (!record) return undefined
      const { privateKey } = record.keyPair
      const exportError = await crypto.subtle.exportKey('jwk', privateKey).then(
        () => undefined,
        (error: Error) => `${error.name}: ${error.message}`,
      )
      return {
        publicKeyHex: record.publicKeyHex,
        expiresAt: record.expiresAt,
        privateKey: {
          type: privateKey.type,
          algorithm: privateKey.algorithm.name,
          extractable: privateKey.extractable,
          usages: [...privateKey.usages],
        },
        exportError,
      }
    } finally {
      database.close()
    }
  }, name)
}
