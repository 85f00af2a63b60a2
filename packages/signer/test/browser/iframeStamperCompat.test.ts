import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { base58Decode, bytesToHex } from '@sigil/protocol'
import { createKeyPairFromBytes, getAddressFromPublicKey } from '@solana/kit'
import { build } from 'esbuild'
import type { BrowserContext, Page } from 'playwright-core'
import { mnemonicToAccount, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { User } from '../../src/types.js'
import type { iframeStampers, StamperExportFrameOptions, StamperVersion } from './page/iframeStampers.js'
import { type BrowserTestbed, startBrowserTestbed } from './startBrowserTestbed.js'
import { signInWithEmailCode, type TestPageWindow } from './testPage.js'

/**
 * Sigil's export frame (`/frame/export`) driven by the published `@turnkey/iframe-stamper` clients,
 * 1.2.0 (Account Kit 4.x) and the latest 2.x, in real Chromium against the real server: the SDK runs
 * the export activity with the stamper frame's target key, the stamper injects the bundle as its
 * users do (1.2.0 without an organizationId), and the frame shows the secret inside itself only
 * (docs/protocol.md#export-frame).
 */

const require = createRequire(import.meta.url)
/** The installed version of a package whose `exports` hide its package.json. */
function installedVersion(name: string): string {
  const main = require.resolve(name)
  const manifest = JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8'))
  return (manifest as { version: string }).version
}
const version1 = installedVersion('turnkey-iframe-stamper-1')
const version2 = installedVersion('@turnkey/iframe-stamper')
const names: Record<StamperVersion, string> = {
  '1.2.0': `@turnkey/iframe-stamper ${version1}`,
  '2.x': `@turnkey/iframe-stamper ${version2}`,
}

type StamperTestWindow = TestPageWindow & {
  iframeStampers: typeof iframeStampers
  /** Every message the app window received, on the window or on any MessagePort, as JSON. */
  receivedMessages: string[]
}

const elementId = 'turnkey-export-iframe'
let testbed: BrowserTestbed
/** `page/iframeStampers.ts` bundled with both stamper versions, as a classic script. */
let stamperScript: string

beforeAll(async () => {
  const [built] = await Promise.all([
    build({
      entryPoints: [fileURLToPath(new URL('./page/iframeStampers.ts', import.meta.url))],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2022',
      platform: 'browser',
      conditions: ['source'],
      logLevel: 'warning',
    }),
    startBrowserTestbed('iframe-stamper-compat').then((started) => {
      testbed = started
    }),
  ])
  stamperScript = built.outputFiles[0]?.text ?? ''
})
afterAll(async () => {
  await testbed?.close()
})

/**
 * A new browser profile whose app window records every message it receives: on the window, and on
 * both ends of every `MessageChannel` it makes (2.x talks over one). Frames are left alone.
 */
async function newRecordingContext(): Promise<BrowserContext> {
  const context = await testbed.newContext()
  await context.addInitScript(() => {
    if (window !== window.top) return
    const received: string[] = []
    ;(window as unknown as StamperTestWindow).receivedMessages = received
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

/** The export frame's console warning for a bundle injected without an organization. */
const missingOrganizationWarning = 'organizationId was not provided'

/**
 * A signed-in app page (a new user with a new wallet) with both stamper versions loaded, and the
 * console warnings of the page and its frames.
 */
async function signIn(email: string): Promise<{ page: Page; user: User; warnings: string[] }> {
  const page = await testbed.openPage({ context: await newRecordingContext() })
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  const user = await signInWithEmailCode(page, testbed.readCode, email)
  await page.addScriptTag({ content: stamperScript })
  return { page, user, warnings }
}

/** 1.2.0 sends no organizationId: the frame warns, as Turnkey's does; 2.x sends one: no warning. */
function expectOrganizationWarning(version: StamperVersion, warnings: string[]) {
  const warned = warnings.some((warning) => warning.includes(missingOrganizationWarning))
  expect(warned).toBe(version === '1.2.0')
}

type ExportOptions = Omit<StamperExportFrameOptions, 'iframeUrl' | 'containerId' | 'elementId'> & {
  exportAs: 'SEED_PHRASE' | 'PRIVATE_KEY'
  /** The account to export as a private key (the user's Solana address: `keyFormat: 'SOLANA'`). */
  address?: string
}

/**
 * Runs `signer.exportWallet` with the stamper's frame: `export_wallet` / `export_wallet_account`
 * through `/public/v1` to the frame's target key, then the stamper's inject call. Answers
 * `{injected}` or the rejection's text.
 */
function exportWith(page: Page, options: ExportOptions): Promise<{ injected?: boolean; error?: string }> {
  const iframeUrl = `${testbed.serverUrl}/frame/export?app=${testbed.app.appId}`
  return page.evaluate(
    async ({ options, iframeUrl, elementId }) => {
      const testWindow = window as unknown as StamperTestWindow
      const { exportAs, address, ...frameOptions } = options
      const exportFrame = testWindow.iframeStampers.stamperExportFrame({
        ...frameOptions,
        iframeUrl,
        containerId: 'export-frame',
        elementId,
      })
      try {
        const injected = await testWindow.signer.exportWallet({
          iframeContainerId: 'export-frame',
          exportAs,
          address,
          exportFrame,
        })
        return { injected }
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) }
      }
    },
    { options, iframeUrl, elementId },
  )
}

/** The secret as the export frame shows it, read from the frame's own document. */
async function shownSecret(page: Page): Promise<string> {
  const frame = page.frameLocator(`#${elementId}`)
  await frame.locator('#secret').waitFor({ state: 'visible' })
  await expect.poll(() => frame.getByRole('alert').textContent()).toContain('Anyone with this secret')
  return ((await frame.locator('#secret').textContent()) ?? '').trim()
}

/**
 * The app page cannot reach the secret: the frame is cross-origin (no `contentDocument`, reading
 * `contentWindow.document` throws `SecurityError`), and none of `secrets` is in the page's HTML,
 * text, storage or any message it received.
 */
async function expectParentCannotRead(page: Page, secrets: string[]) {
  const parent = await page.evaluate((id) => {
    const testWindow = window as unknown as StamperTestWindow
    const iframe = document.getElementById(id) as HTMLIFrameElement
    let documentAccess: string
    try {
      documentAccess = String(iframe.contentWindow?.document.body.innerText)
    } catch (error) {
      documentAccess = (error as Error).name
    }
    return {
      contentDocument: iframe.contentDocument === null ? null : 'readable',
      documentAccess,
      html: document.documentElement.outerHTML,
      innerText: document.body.innerText,
      storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
      messages: testWindow.receivedMessages,
    }
  }, elementId)
  expect(parent.contentDocument).toBeNull()
  expect(parent.documentAccess).toBe('SecurityError')
  const haystacks = [parent.html, parent.innerText, parent.storage, ...parent.messages]
  for (const text of haystacks)
    for (const secret of secrets) expect(text.toLowerCase()).not.toContain(secret.toLowerCase())
  return parent.messages
}

/** Each run of two consecutive words: a leak of any part of the phrase, not only all of it. */
const wordPairs = (mnemonic: string) =>
  mnemonic
    .split(' ')
    .slice(1)
    .map((word, index) => `${mnemonic.split(' ')[index]} ${word}`)

async function expectSeedPhraseExport(version: StamperVersion, email: string) {
  const { page, user, warnings } = await signIn(email)
  expect(await exportWith(page, { version, exportAs: 'SEED_PHRASE' })).toEqual({ injected: true })
  const mnemonic = await shownSecret(page)
  expectOrganizationWarning(version, warnings)
  await testbed.screenshot(page, `${version}-seed-phrase`)

  expect([12, 24]).toContain(mnemonic.split(' ').length)
  const account = mnemonicToAccount(mnemonic)
  expect(account.address).toBe(user.address)
  const privateKey = bytesToHex(account.getHdKey().privateKey as Uint8Array)
  const messages = await expectParentCannotRead(page, [mnemonic, ...wordPairs(mnemonic), privateKey])
  expect(messages.some((message) => message.includes('"BUNDLE_INJECTED"'))).toBe(true)
}

async function expectPrivateKeyExport(version: StamperVersion, email: string) {
  const { page, user, warnings } = await signIn(email)
  expect(await exportWith(page, { version, exportAs: 'PRIVATE_KEY' })).toEqual({ injected: true })
  const privateKey = await shownSecret(page)
  expectOrganizationWarning(version, warnings)
  await testbed.screenshot(page, `${version}-private-key`)

  expect(privateKey).toMatch(/^0x[0-9a-f]{64}$/)
  expect(privateKeyToAddress(privateKey as `0x${string}`)).toBe(user.address)
  const messages = await expectParentCannotRead(page, [privateKey.slice(2)])
  expect(messages.some((message) => message.includes('"BUNDLE_INJECTED"'))).toBe(true)
}

async function expectSolanaKeyExport(version: StamperVersion, email: string) {
  const { page, user, warnings } = await signIn(email)
  const address = user.solanaAddress as string
  expect(await exportWith(page, { version, exportAs: 'PRIVATE_KEY', address })).toEqual({ injected: true })
  const secretKey = await shownSecret(page)
  expectOrganizationWarning(version, warnings)
  await testbed.screenshot(page, `${version}-solana-key`)

  const bytes = base58Decode(secretKey)
  expect(bytes).toHaveLength(64)
  // @solana/kit checks that the last 32 bytes are the public key of the first 32.
  const keyPair = await createKeyPairFromBytes(bytes)
  expect(await getAddressFromPublicKey(keyPair.publicKey)).toBe(address)
  await expectParentCannotRead(page, [secretKey, bytesToHex(bytes.slice(0, 32))])
}

/** After a refused bundle the frame shows nothing. */
async function expectNothingShown(page: Page) {
  const frame = page.frameLocator(`#${elementId}`)
  expect(await frame.locator('#panel').isHidden()).toBe(true)
  expect(await frame.locator('#secret').textContent()).toBe('')
}

test('default: the installed clients are @turnkey/iframe-stamper 1.2.0 and 2.x', () => {
  expect(version1).toBe('1.2.0')
  expect(version2).toMatch(/^2\.\d+\.\d+$/)
})

test(`behavior: ${names['1.2.0']} exports a seed phrase without organizationId`, async () => {
  await expectSeedPhraseExport('1.2.0', 'stamper1-seed@example.com')
})

test(`behavior: ${names['1.2.0']} exports a private key without organizationId`, async () => {
  await expectPrivateKeyExport('1.2.0', 'stamper1-key@example.com')
})

test(`behavior: ${names['2.x']} exports a seed phrase with the user's organizationId`, async () => {
  await expectSeedPhraseExport('2.x', 'stamper2-seed@example.com')
})

test(`behavior: ${names['2.x']} exports a private key with the user's organizationId`, async () => {
  await expectPrivateKeyExport('2.x', 'stamper2-key@example.com')
})

for (const version of ['1.2.0', '2.x'] as const)
  test(`behavior: ${names[version]} exports a Solana private key with keyFormat SOLANA`, async () => {
    await expectSolanaKeyExport(version, `stamper-solana-${version}@example.com`)
  })

test(`error: ${names['2.x']} with a keyFormat the frame does not show (BITCOIN_MAINNET_WIF) is refused`, async () => {
  const { page } = await signIn('stamper2-wif@example.com')
  const { error } = await exportWith(page, {
    version: '2.x',
    exportAs: 'PRIVATE_KEY',
    keyFormat: 'BITCOIN_MAINNET_WIF',
  })
  expect(error).toBe(
    'unsupported keyFormat "BITCOIN_MAINNET_WIF": the export frame shows keys as HEXADECIMAL or SOLANA',
  )
  await expectNothingShown(page)
})

test(`error: ${names['2.x']} with an organizationId that does not match the bundle is refused`, async () => {
  const { page } = await signIn('stamper2-other-org@example.com')
  const { error } = await exportWith(page, {
    version: '2.x',
    exportAs: 'SEED_PHRASE',
    organizationId: '00000000-0000-4000-8000-000000000000',
  })
  expect(error).toMatch(/^export bundle organization mismatch\n/)
  expect(error).toContain('the bundle was signed for another organization')
  await expectNothingShown(page)
})

for (const version of ['1.2.0', '2.x'] as const)
  test(`error: ${names[version]} with a tampered bundle signature is refused`, async () => {
    const { page } = await signIn(`stamper-tampered-${version}@example.com`)
    const { error } = await exportWith(page, { version, exportAs: 'PRIVATE_KEY', tamperSignature: true })
    expect(error).toMatch(/^invalid export bundle signature\n/)
    await expectNothingShown(page)
  })
