import { fileURLToPath } from 'node:url'
import { ed25519 } from '@noble/curves/ed25519.js'
import { p256 } from '@noble/curves/nist.js'
import { base58Encode, bytesToHex, createImportBundle, hpkeOpen, parseEncryptedBundle } from '@sigil/protocol'
import { build } from 'esbuild'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { exportSignerKeyName } from '../../../server/src/kms/wallets/sealExportBundle.js'
import { type BrowserTestbed, startBrowserTestbed } from './startBrowserTestbed.js'

/**
 * Sigil's import frame (`/frame/import`) driven by the published `@turnkey/iframe-stamper` 2.x,
 * unchanged, in real Chromium against the real server's frame page: an import bundle made here with
 * `createImportBundle` and the server's own export signer key is injected, a secret is typed into
 * the frame, and what the stamper extracts opens in Node with the target private key
 * (docs/protocol.md#import-frame). Refusals: another signer, another organization or user, a bad
 * mnemonic or key, unsafe settings, a second handshake, a nested frame.
 */

type Stamper = import('@turnkey/iframe-stamper').IframeStamper
type ImportTestWindow = Window & {
  turnkey: typeof import('@turnkey/iframe-stamper')
  importStamper: Stamper
  /** Every message the app window received, on the window or on any MessagePort, as JSON. */
  receivedMessages: string[]
}

const elementId = 'turnkey-import-iframe'
const label = 'Recovery phrase or private key'
const organizationId = '5c2b9a1e-4f3d-4e6b-9a8c-7d1e2f3a4b5c'
const userId = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0'
const mnemonic = 'legal winner thank year wave sausage worth useful legal winner thank yellow'
const hexKey = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318'

let testbed: BrowserTestbed
let frameUrl: string
/** `@turnkey/iframe-stamper` 2.x as a classic script that puts the module on `window.turnkey`. */
let stamperScript: string

beforeAll(async () => {
  const [built] = await Promise.all([
    build({
      stdin: {
        contents: "import * as turnkey from '@turnkey/iframe-stamper'\nwindow.turnkey = turnkey\n",
        resolveDir: fileURLToPath(new URL('.', import.meta.url)),
        loader: 'ts',
      },
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2022',
      platform: 'browser',
      logLevel: 'warning',
    }),
    startBrowserTestbed('import-frame').then((started) => {
      testbed = started
    }),
  ])
  stamperScript = built.outputFiles[0]?.text ?? ''
  frameUrl = `${testbed.serverUrl}/frame/import?app=${testbed.app.appId}`
})
afterAll(async () => {
  await testbed?.close()
})

/** An import bundle for `organizationId`/`userId` signed by the server's export signer (or `signerPrivateKey`). */
function importBundle(
  options: { organizationId?: string; userId?: string; signerPrivateKey?: Uint8Array } = {},
) {
  const targetPrivateKey = p256.utils.randomSecretKey()
  const { sigil } = testbed.server.app
  const serverSigner = sigil.vault.open(sigil.exportSignerSealedKey, `server_key:${exportSignerKeyName}`)
  const bundle = createImportBundle({
    organizationId: options.organizationId ?? organizationId,
    userId: options.userId ?? userId,
    targetPublicKey: p256.getPublicKey(targetPrivateKey, false),
    signerPrivateKey: options.signerPrivateKey ?? serverSigner,
  })
  serverSigner.fill(0)
  return { bundle, targetPrivateKey }
}

/**
 * An app page with the import frame mounted by `IframeStamper` (as an app does) and every message
 * the app window receives recorded. Answers the page and what `init()` resolved with.
 */
async function openImportPage(options: { colorScheme?: 'light' | 'dark'; width?: number } = {}) {
  const context = await testbed.browser.newContext({
    viewport: { width: options.width ?? 900, height: 700 },
    colorScheme: options.colorScheme ?? 'light',
  })
  await context.addInitScript(() => {
    if (window !== window.top) return
    const received: string[] = []
    ;(window as unknown as ImportTestWindow).receivedMessages = received
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
  const page = await testbed.openPage({ signer: false, context })
  await page.addScriptTag({ content: stamperScript })
  await page.addStyleTag({
    content: `#import-frame iframe { display: block; box-sizing: border-box; width: 100%; max-width: 560px; height: 300px; border: 1px solid #999; }`,
  })
  const publicKey = await page.evaluate(
    async ({ iframeUrl, elementId }) => {
      const testWindow = window as unknown as ImportTestWindow
      const container = document.createElement('div')
      container.id = 'import-frame'
      document.body.appendChild(container)
      testWindow.importStamper = new testWindow.turnkey.IframeStamper({
        iframeUrl,
        iframeContainer: container,
        iframeElementId: elementId,
      })
      return testWindow.importStamper.init()
    },
    { iframeUrl: frameUrl, elementId },
  )
  return { page, publicKey }
}

type StamperCall =
  | ['injectImportBundle', string, string | undefined, string | undefined]
  | ['extractWalletEncryptedBundle']
  | ['extractKeyEncryptedBundle', string?]
  | ['applySettings', Record<string, unknown>]

/** Calls the stamper on the app page; answers `{value}` or the rejection's message as `{error}`. */
function stamper(page: Page, ...call: StamperCall): Promise<{ value?: unknown; error?: string }> {
  return page.evaluate(async ([method, ...args]) => {
    const target = (window as unknown as ImportTestWindow).importStamper as unknown as Record<
      string,
      (...parameters: unknown[]) => Promise<unknown>
    >
    try {
      return { value: await target[method]?.(...args) }
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) }
    }
  }, call)
}

const frame = (page: Page) => page.frameLocator(`#${elementId}`)

/** Opens what the frame extracted with the target private key, in Node. */
async function openExtracted(value: unknown, targetPrivateKey: Uint8Array): Promise<Uint8Array> {
  expect(typeof value).toBe('string')
  expect(Object.keys(JSON.parse(value as string))).toEqual(['encappedPublic', 'ciphertext'])
  const { encappedPublic, ciphertext } = parseEncryptedBundle(value as string)
  return hpkeOpen({ encappedPublic, ciphertext, recipientPrivateKey: targetPrivateKey })
}

/** None of `secrets` is in anything the app page received, its HTML or its storage. */
async function expectParentNeverSaw(page: Page, secrets: string[]) {
  const parent = await page.evaluate(() => ({
    messages: (window as unknown as ImportTestWindow).receivedMessages,
    html: document.documentElement.outerHTML,
    storage: JSON.stringify({ ...localStorage }),
  }))
  expect(parent.messages.some((message) => message.includes('ENCRYPTED_BUNDLE_EXTRACTED'))).toBe(true)
  for (const text of [...parent.messages, parent.html, parent.storage])
    for (const secret of secrets) expect(text.toLowerCase()).not.toContain(secret.toLowerCase())
}

test('default: a mnemonic typed in the frame is sealed to the bundle’s target key', async () => {
  const { page, publicKey } = await openImportPage()
  const consoleLines: string[] = []
  page.on('console', (message) => consoleLines.push(message.text()))
  expect(publicKey).toBe('')
  const { bundle, targetPrivateKey } = importBundle()
  expect(await stamper(page, 'injectImportBundle', bundle, organizationId, userId)).toEqual({ value: true })
  // The field is a labelled textbox; the passphrase field is hidden until the app enables it.
  const field = frame(page).getByRole('textbox', { name: label })
  expect(await frame(page).getByLabel('Passphrase (optional)').isHidden()).toBe(true)
  await field.focus()
  await field.pressSequentially(mnemonic)
  const { value } = await stamper(page, 'extractWalletEncryptedBundle')
  expect(new TextDecoder().decode(await openExtracted(value, targetPrivateKey))).toBe(mnemonic)
  // The secret was only in the textarea, which is cleared once sealed.
  expect(await field.inputValue()).toBe('')
  await expectParentNeverSaw(page, [mnemonic, 'legal winner', 'worth useful'])
  // Nor did the frame (or the page) log it.
  for (const line of consoleLines) expect(line).not.toMatch(/legal winner|worth useful/)
  await page.context().close()
})

test('behavior: with enablePassphrase the plaintext is mnemonic, --PASS--, passphrase', async () => {
  const { page } = await openImportPage()
  const { bundle, targetPrivateKey } = importBundle()
  expect(
    await stamper(page, 'applySettings', { enablePassphrase: true, styles: { fontSize: '16px' } }),
  ).toEqual({
    value: true,
  })
  expect(
    await frame(page)
      .getByLabel(label)
      .evaluate((element) => getComputedStyle(element).fontSize),
  ).toBe('16px')
  expect(await stamper(page, 'injectImportBundle', bundle, organizationId, userId)).toEqual({ value: true })
  await frame(page).getByLabel(label).fill(`  ${mnemonic.toUpperCase()}\n`)
  await frame(page).getByLabel('Passphrase (optional)').fill('correct horse')
  const { value } = await stamper(page, 'extractWalletEncryptedBundle')
  expect(new TextDecoder().decode(await openExtracted(value, targetPrivateKey))).toBe(
    `${mnemonic}\n--PASS--\ncorrect horse`,
  )
  expect(await frame(page).getByLabel('Passphrase (optional)').inputValue()).toBe('')
  await page.context().close()
})

test('behavior: a hexadecimal private key, with or without 0x, is sealed as its 32 bytes', async () => {
  const { page } = await openImportPage()
  const { bundle, targetPrivateKey } = importBundle()
  expect(await stamper(page, 'injectImportBundle', bundle, organizationId, userId)).toEqual({ value: true })
  for (const [typed, keyFormat] of [
    [`0x${hexKey}`, 'HEXADECIMAL'],
    [hexKey, undefined],
  ] as const) {
    await frame(page).getByLabel(label).fill(typed)
    const { value } = await stamper(page, 'extractKeyEncryptedBundle', keyFormat)
    expect(bytesToHex(await openExtracted(value, targetPrivateKey))).toBe(hexKey)
  }
  await expectParentNeverSaw(page, [hexKey])
  await page.context().close()
})

test('behavior: a Solana secret key (base58 of 64 bytes) is sealed as its first 32 bytes', async () => {
  const { page } = await openImportPage()
  const { bundle, targetPrivateKey } = importBundle()
  const privateKey = ed25519.utils.randomSecretKey()
  const secretKey = base58Encode(new Uint8Array([...privateKey, ...ed25519.getPublicKey(privateKey)]))
  expect(await stamper(page, 'injectImportBundle', bundle, organizationId, userId)).toEqual({ value: true })
  await frame(page).getByLabel(label).fill(secretKey)
  const solana = await page.evaluate(() => (window as unknown as ImportTestWindow).turnkey.KeyFormat.Solana)
  const { value } = await stamper(page, 'extractKeyEncryptedBundle', solana)
  expect(await openExtracted(value, targetPrivateKey)).toEqual(privateKey)
  await expectParentNeverSaw(page, [secretKey, bytesToHex(privateKey)])
  await page.context().close()
})

test('error: a bundle signed by another key, or for another organization or user, is refused', async () => {
  const { page } = await openImportPage()
  const otherSigner = importBundle({ signerPrivateKey: p256.utils.randomSecretKey() })
  const refused = await stamper(page, 'injectImportBundle', otherSigner.bundle, organizationId, userId)
  expect(refused.error).toMatch(/^import bundle signer mismatch\n/)
  // Another key signs, but the envelope names the server's key.
  const forged = JSON.parse(otherSigner.bundle)
  forged.enclaveQuorumPublic = testbed.server.app.sigil.exportSignerPublicKey
  expect(
    (await stamper(page, 'injectImportBundle', JSON.stringify(forged), organizationId, userId)).error,
  ).toMatch(/^invalid import bundle signature\n/)
  const { bundle } = importBundle()
  expect((await stamper(page, 'injectImportBundle', bundle, 'another-org', userId)).error).toMatch(
    /^import bundle organization mismatch\n/,
  )
  expect((await stamper(page, 'injectImportBundle', bundle, organizationId, 'another-user')).error).toMatch(
    /^import bundle user mismatch\n/,
  )
  expect(
    (
      await stamper(
        page,
        'injectImportBundle',
        importBundle({ userId: 'another-user' }).bundle,
        organizationId,
        userId,
      )
    ).error,
  ).toMatch(/^import bundle user mismatch\n/)
  // No bundle was accepted: nothing is sealed.
  await frame(page).getByLabel(label).fill(mnemonic)
  expect(await stamper(page, 'extractWalletEncryptedBundle')).toEqual({
    error: 'no import bundle has been injected',
  })
  expect(await frame(page).getByLabel(label).inputValue()).toBe(mnemonic)
  await page.context().close()
})

test('error: a refused bundle after an accepted one leaves no target behind', async () => {
  const { page } = await openImportPage()
  expect(await stamper(page, 'injectImportBundle', importBundle().bundle, organizationId, userId)).toEqual({
    value: true,
  })
  const other = importBundle({ signerPrivateKey: p256.utils.randomSecretKey() })
  expect(
    (await stamper(page, 'injectImportBundle', other.bundle, organizationId, userId)).error,
  ).toBeDefined()
  await frame(page).getByLabel(label).fill(mnemonic)
  expect(await stamper(page, 'extractWalletEncryptedBundle')).toEqual({
    error: 'no import bundle has been injected',
  })
  await page.context().close()
})

test('error: a bad mnemonic is refused with its reason in the frame and in ERROR, never its words', async () => {
  const { page } = await openImportPage()
  const { bundle } = importBundle()
  expect(await stamper(page, 'injectImportBundle', bundle, organizationId, userId)).toEqual({ value: true })
  const field = frame(page).getByLabel(label)
  const cases = [
    [
      'abandon '.repeat(12),
      'invalid recovery phrase: its checksum does not match (a word is wrong or out of order)',
    ],
    [
      mnemonic.replace('sausage', 'sausagge'),
      'invalid recovery phrase: 1 word is not in the BIP-39 English word list',
    ],
    [
      'legal winner thank',
      'invalid recovery phrase: it has 3 words; a recovery phrase has 12, 15, 18, 21 or 24',
    ],
    ['', 'enter a recovery phrase'],
  ]
  for (const [typed, message] of cases) {
    await field.fill(typed as string)
    expect(await stamper(page, 'extractWalletEncryptedBundle')).toEqual({ error: message })
    await expect.poll(() => frame(page).getByRole('alert').textContent()).toBe(message)
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    // The user fixes it: the typed text stays.
    expect(await field.inputValue()).toBe(typed)
  }
  await field.fill(mnemonic.replace('sausage', 'sausagge'))
  await stamper(page, 'extractWalletEncryptedBundle')
  await testbed.screenshot(page, 'bad-mnemonic')
  const messages = await page.evaluate(() => (window as unknown as ImportTestWindow).receivedMessages)
  for (const message of messages) expect(message).not.toMatch(/sausag|legal|winner/)
  // Typing again clears the error.
  await field.pressSequentially(' ')
  expect(await frame(page).getByRole('alert').isHidden()).toBe(true)
  await page.context().close()
})

test('error: bad keys are refused with clear errors', async () => {
  const { page } = await openImportPage()
  expect(await stamper(page, 'injectImportBundle', importBundle().bundle, organizationId, userId)).toEqual({
    value: true,
  })
  const privateKey = ed25519.utils.randomSecretKey()
  const mismatched = base58Encode(
    new Uint8Array([...privateKey, ...ed25519.getPublicKey(ed25519.utils.randomSecretKey())]),
  )
  const cases = [
    [
      hexKey.slice(2),
      'HEXADECIMAL',
      'invalid private key: it has 62 hex digits; a private key is 64 (32 bytes), with an optional 0x',
    ],
    [`${hexKey.slice(1)}z`, 'HEXADECIMAL', 'invalid private key: it is not hexadecimal'],
    [
      base58Encode(privateKey),
      'SOLANA',
      'invalid Solana private key: it is 32 bytes; a Solana secret key is 64',
    ],
    [
      mismatched,
      'SOLANA',
      'invalid Solana private key: its last 32 bytes are not the public key of the first 32',
    ],
    [
      hexKey,
      'BITCOIN_MAINNET_WIF',
      'unsupported keyFormat "BITCOIN_MAINNET_WIF": the import frame reads keys as HEXADECIMAL or SOLANA',
    ],
  ]
  for (const [typed, keyFormat, message] of cases) {
    await frame(page)
      .getByLabel(label)
      .fill(typed as string)
    expect(await stamper(page, 'extractKeyEncryptedBundle', keyFormat)).toEqual({ error: message })
  }
  await page.context().close()
})

test('error: settings outside the allow-list are refused whole', async () => {
  const { page } = await openImportPage()
  const field = frame(page).getByLabel(label)
  const before = await field.evaluate((element) => getComputedStyle(element).backgroundImage)
  expect(
    await stamper(page, 'applySettings', {
      styles: { fontSize: '30px', backgroundColor: 'url(https://attacker.example/leak)' },
    }),
  ).toEqual({ error: 'invalid settings: styles.backgroundColor is not a plain CSS value' })
  expect(await stamper(page, 'applySettings', { styles: { backgroundImage: 'none' } })).toEqual({
    error: 'invalid settings: styles.backgroundImage is not a style the import frame applies',
  })
  expect(await field.evaluate((element) => getComputedStyle(element).fontSize)).toBe('14px')
  expect(await field.evaluate((element) => getComputedStyle(element).backgroundImage)).toBe(before)
  await page.context().close()
})

test('error: a second TURNKEY_INIT_MESSAGE_CHANNEL is ignored; the first port keeps working', async () => {
  const { page } = await openImportPage()
  const secondPort = await page.evaluate(async (elementId) => {
    const iframe = document.getElementById(elementId) as HTMLIFrameElement
    const channel = new MessageChannel()
    const received: unknown[] = []
    channel.port1.onmessage = (event) => received.push(event.data)
    iframe.contentWindow?.postMessage({ type: 'TURNKEY_INIT_MESSAGE_CHANNEL' }, '*', [channel.port2])
    channel.port1.postMessage({ type: 'APPLY_SETTINGS', requestId: 'second', value: '{}' })
    await new Promise((resolve) => setTimeout(resolve, 1000))
    return received
  }, elementId)
  expect(secondPort).toEqual([])
  expect(await stamper(page, 'injectImportBundle', importBundle().bundle, organizationId, userId)).toEqual({
    value: true,
  })
  await page.context().close()
})

test('error: the frame refuses to run inside another frame, even of an allowed origin', async () => {
  const page = await testbed.openPage({ signer: false })
  await page.evaluate((src) => {
    const iframe = document.createElement('iframe')
    iframe.id = 'middle'
    iframe.src = src
    iframe.style.cssText = 'width: 480px; height: 300px; border: 2px solid #36c'
    document.body.appendChild(iframe)
    return new Promise((resolve) => iframe.addEventListener('load', resolve))
  }, `${testbed.appUrl}/middle`)
  const middle = page.frames().find((candidate) => candidate.url() === `${testbed.appUrl}/middle`)
  if (!middle) throw new Error('the middle frame did not load')
  await middle.evaluate((src) => {
    const iframe = document.createElement('iframe')
    iframe.id = 'nested-import'
    iframe.src = src
    document.body.appendChild(iframe)
    return new Promise((resolve) => iframe.addEventListener('load', resolve))
  }, frameUrl)
  const nested = await (await middle.waitForSelector('#nested-import')).contentFrame()
  await expect
    .poll(() => nested?.evaluate(() => document.body.textContent?.trim()))
    .toBe('This frame refuses to run inside another frame.')
  expect(await nested?.evaluate(() => document.querySelector('textarea'))).toBeNull()
  await page.context().close()
})

for (const colorScheme of ['light', 'dark'] as const)
  for (const width of [1280, 390])
    test(`behavior: the frame at ${width} px in ${colorScheme} mode (screenshot)`, async () => {
      const { page } = await openImportPage({ colorScheme, width })
      expect(await stamper(page, 'applySettings', { enablePassphrase: true })).toEqual({ value: true })
      await frame(page).getByLabel(label).fill(mnemonic)
      await frame(page).getByLabel(label).focus()
      const scheme = await frame(page)
        .locator('body')
        .evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)
      expect(scheme).toBe(colorScheme === 'dark')
      await testbed.screenshot(page, `import-${width}-${colorScheme}`)
      await page.context().close()
    })
