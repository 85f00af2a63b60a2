import { parseApiKeyStamp, verifyApiKeyStamp } from '@sigil/protocol'
import type { Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type PlainPage, servePlainPage } from './servePlainPage.js'
import { type BrowserTestbed, startBrowserTestbed } from './startBrowserTestbed.js'
import { readFrameKey, showOnPage } from './testPage.js'

/**
 * The auth key frame (`/frame/auth`) on its own, with no signer: real Chromium pages speak the
 * iframe-stamper protocol to it (docs/protocol.md#frame-messages), the legacy window form and the
 * MessageChannel form, with credential bundles the real server sealed to the frame's key. Also:
 * a page on an origin no app allows cannot embed it or talk to it, and its keys never leave it.
 */

type FrameMessage = { type: string; value?: unknown; requestId?: string }

/** What the test pages keep on `window` while they talk to the frame. */
type FrameTestWindow = Window & {
  /** Every message posted to this window, with its origin. */
  received: { origin: string; data: FrameMessage }[]
  /** The MessageChannels opened to the frame, by name: our port and what arrived on it, in order. */
  channels: Record<string, { port: MessagePort; messages: FrameMessage[] }>
}

let testbed: BrowserTestbed
let frameUrl: string
/** A page on an origin that no app lists (another port of localhost). */
let otherSite: PlainPage
beforeAll(async () => {
  testbed = await startBrowserTestbed('frame-protocol')
  frameUrl = `${testbed.serverUrl}/frame/auth?app=${testbed.app.appId}`
  otherSite = await servePlainPage('Another origin (not allowed)')
})
afterAll(async () => {
  await testbed?.close()
  await otherSite?.close()
})

/** Puts the auth frame in an iframe on `page` and records every message posted to the page's window. */
async function mountAuthFrame(page: Page | Frame, id = 'auth-frame') {
  await page.evaluate(
    ({ src, id }) => {
      const testWindow = window as unknown as FrameTestWindow
      if (!testWindow.received) {
        testWindow.received = []
        window.addEventListener('message', (event) =>
          testWindow.received.push({ origin: event.origin, data: event.data }),
        )
      }
      const iframe = document.createElement('iframe')
      iframe.id = id
      iframe.src = src
      iframe.title = 'auth frame'
      iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin')
      iframe.style.cssText = 'width: 420px; height: 90px; border: 2px dashed #888'
      document.body.appendChild(iframe)
    },
    { src: frameUrl, id },
  )
}

/** How many window messages `page` has received so far. */
const receivedCount = (page: Page | Frame) =>
  page.evaluate(() => (window as unknown as FrameTestWindow).received.length)

/** The first window message of `type` after the first `after` messages. */
async function windowMessage(page: Page, type: string, after = 0, timeout = 10_000) {
  const handle = await page.waitForFunction(
    ({ type, after }) =>
      (window as unknown as FrameTestWindow).received
        .slice(after)
        .find((message) => message.data?.type === type),
    { type, after },
    { timeout },
  )
  return (await handle.jsonValue()) as { origin: string; data: FrameMessage }
}

/** Legacy form: posts `message` to the frame window (no `requestId`) and waits for the `reply` type. */
async function legacyRequest(page: Page, message: FrameMessage, reply: string) {
  const after = await receivedCount(page)
  await page.evaluate(
    ({ message, origin }) =>
      (document.getElementById('auth-frame') as HTMLIFrameElement).contentWindow!.postMessage(
        message,
        origin,
      ),
    { message, origin: testbed.serverUrl },
  )
  return windowMessage(page, reply, after)
}

/**
 * Opens a MessageChannel to the frame (`TURNKEY_INIT_MESSAGE_CHANNEL` with `port2`) and records
 * what arrives on our port under `name`.
 */
async function openChannel(page: Page | Frame, name = 'main') {
  await page.evaluate(
    ({ name, origin }) => {
      const testWindow = window as unknown as FrameTestWindow
      const channel = new MessageChannel()
      const messages: FrameMessage[] = []
      testWindow.channels ??= {}
      testWindow.channels[name] = { port: channel.port1, messages }
      channel.port1.onmessage = (event) => messages.push(event.data)
      const frame = document.getElementById('auth-frame') as HTMLIFrameElement
      frame.contentWindow!.postMessage({ type: 'TURNKEY_INIT_MESSAGE_CHANNEL' }, origin, [channel.port2])
    },
    { name, origin: testbed.serverUrl },
  )
}

/** What arrived on the channel `name` so far. */
const channelMessages = (page: Page | Frame, name = 'main') =>
  page.evaluate((name) => (window as unknown as FrameTestWindow).channels[name]!.messages, name)

/** Waits for the first message of `type` on the channel `name`. */
async function channelMessage(page: Page, type: string, name = 'main') {
  const handle = await page.waitForFunction(
    ({ type, name }) =>
      (window as unknown as FrameTestWindow).channels[name]!.messages.find(
        (message) => message.type === type,
      ),
    { type, name },
    { timeout: 10_000 },
  )
  return (await handle.jsonValue()) as FrameMessage
}

/** Sends `message` on the main channel and waits for the answer carrying its `requestId`. */
async function portRequest(page: Page, message: FrameMessage & { requestId: string }) {
  await page.evaluate(
    (request) => (window as unknown as FrameTestWindow).channels.main!.port.postMessage(request),
    message,
  )
  const handle = await page.waitForFunction(
    (requestId) =>
      (window as unknown as FrameTestWindow).channels.main!.messages.find(
        (answer) => answer.requestId === requestId,
      ),
    message.requestId,
    { timeout: 10_000 },
  )
  return (await handle.jsonValue()) as FrameMessage
}

/** POSTs JSON to the server's signer API as the test app. */
async function signerApi(path: string, body: unknown) {
  const response = await fetch(`${testbed.serverUrl}/signer${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${testbed.app.apiKey}` },
    body: JSON.stringify(body),
  })
  const answer = await response.json()
  if (response.status !== 200)
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`)
  return answer
}

/**
 * Signs `email` up by email code with the frame's public key as the target: the credential bundle
 * the server seals to that key, and the new user's organization.
 */
async function issueCredentialBundle(email: string, targetPublicKey: string) {
  const { orgId, otpId } = (await signerApi('/v1/signup', { email, targetPublicKey })) as {
    orgId: string
    otpId: string
  }
  const otpCode = await testbed.readCode(email)
  const { credentialBundle } = (await signerApi('/v1/otp', { orgId, otpId, otpCode, targetPublicKey })) as {
    credentialBundle: string
  }
  return { orgId, credentialBundle }
}

/** Checks `stamp` over `body` like the server does, and through the server's real `whoami`. */
async function whoamiWithStamp(body: string, stamp: string) {
  expect(await verifyApiKeyStamp({ body, stamp: parseApiKeyStamp(stamp) })).toBe(true)
  const response = await fetch(`${testbed.serverUrl}/public/v1/query/whoami`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Stamp': stamp },
    body,
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

test('default: the legacy window protocol: PUBLIC_KEY_READY on load, inject a real bundle, stamp a whoami', async () => {
  const page = await testbed.openPage({ signer: false })
  await mountAuthFrame(page)
  // A legacy parent gets PUBLIC_KEY_READY on its window on load, without a requestId.
  const ready = await windowMessage(page, 'PUBLIC_KEY_READY')
  expect(ready.origin).toBe(testbed.serverUrl)
  expect(ready.data).toEqual({ type: 'PUBLIC_KEY_READY', value: expect.stringMatching(/^04[0-9a-f]{128}$/) })
  const publicKey = ready.data.value as string
  await showOnPage(page, 'PUBLIC_KEY_READY', publicKey)
  await testbed.screenshot(page, 'legacy-1-public-key-ready')

  const { orgId, credentialBundle } = await issueCredentialBundle('legacy@example.com', publicKey)
  const injected = await legacyRequest(
    page,
    { type: 'INJECT_CREDENTIAL_BUNDLE', value: credentialBundle },
    'BUNDLE_INJECTED',
  )
  expect(injected.data).toEqual({ type: 'BUNDLE_INJECTED', value: true })
  await showOnPage(page, 'BUNDLE_INJECTED', String(injected.data.value))
  await testbed.screenshot(page, 'legacy-2-bundle-injected')

  const body = JSON.stringify({ organizationId: orgId })
  const stamped = await legacyRequest(page, { type: 'STAMP_REQUEST', value: body }, 'STAMP')
  expect(stamped.data).toEqual({ type: 'STAMP', value: expect.any(String) })
  const stamp = stamped.data.value as string
  expect(parseApiKeyStamp(stamp)).toMatchObject({ scheme: 'SIGNATURE_SCHEME_TK_API_P256' })
  // The stamp is made with the session key of the bundle, not with the embedded key.
  expect(parseApiKeyStamp(stamp).publicKey.slice(2)).not.toBe(publicKey.slice(2, 66))
  const whoami = await whoamiWithStamp(body, stamp)
  expect(whoami).toEqual({
    status: 200,
    body: expect.objectContaining({ organizationId: orgId, userId: expect.any(String) }),
  })
  // The legacy alias of the inject message is understood too.
  const alias = await legacyRequest(
    page,
    { type: 'INJECT_RECOVERY_BUNDLE', value: credentialBundle },
    'BUNDLE_INJECTED',
  )
  expect(alias.data).toEqual({ type: 'BUNDLE_INJECTED', value: true })
  await showOnPage(page, 'STAMP', stamp)
  await showOnPage(page, 'whoami with the stamp', JSON.stringify(whoami))
  await testbed.screenshot(page, 'legacy-3-stamp-verified')
  await page.context().close()
})

test('behavior: the MessageChannel protocol answers each request on the port with its requestId', async () => {
  const page = await testbed.openPage({ signer: false })
  await mountAuthFrame(page)
  await windowMessage(page, 'PUBLIC_KEY_READY')
  await openChannel(page)
  const announced = await channelMessage(page, 'PUBLIC_KEY_READY')
  expect(announced).toEqual({ type: 'PUBLIC_KEY_READY', value: expect.stringMatching(/^04[0-9a-f]{128}$/) })
  const publicKey = announced.value as string
  expect(await portRequest(page, { type: 'GET_EMBEDDED_PUBLIC_KEY', requestId: 'key-1' })).toEqual({
    type: 'EMBEDDED_PUBLIC_KEY',
    value: publicKey,
    requestId: 'key-1',
  })
  expect(await portRequest(page, { type: 'STAMP_REQUEST', value: '{}', requestId: 'early' })).toEqual({
    type: 'ERROR',
    value: 'no credential bundle has been injected',
    requestId: 'early',
  })
  await showOnPage(page, 'PUBLIC_KEY_READY (port)', publicKey)
  await testbed.screenshot(page, 'channel-1-open')

  const { orgId, credentialBundle } = await issueCredentialBundle('channel@example.com', publicKey)
  expect(
    await portRequest(page, {
      type: 'INJECT_CREDENTIAL_BUNDLE',
      value: credentialBundle,
      requestId: 'inject',
    }),
  ).toEqual({ type: 'BUNDLE_INJECTED', value: true, requestId: 'inject' })

  // Two stamps asked at once: each answer carries its own requestId and signs its own body.
  const bodies = {
    first: JSON.stringify({ organizationId: orgId }),
    second: JSON.stringify({ organizationId: orgId, note: 'second' }),
  }
  await page.evaluate((requests) => {
    const { port } = (window as unknown as FrameTestWindow).channels.main!
    for (const [requestId, value] of Object.entries(requests))
      port.postMessage({ type: 'STAMP_REQUEST', value, requestId })
  }, bodies)
  const answers = await page.waitForFunction(() => {
    const stamps = (window as unknown as FrameTestWindow).channels.main!.messages.filter(
      (message) => message.type === 'STAMP',
    )
    return stamps.length === 2 && stamps
  })
  const stamps = (await answers.jsonValue()) as FrameMessage[]
  expect(stamps.map((stamp) => stamp.requestId).sort()).toEqual(['first', 'second'])
  for (const stamp of stamps) {
    const body = bodies[stamp.requestId as keyof typeof bodies]
    expect(
      await verifyApiKeyStamp({ body, stamp: parseApiKeyStamp(stamp.value as string) }),
      stamp.requestId,
    ).toBe(true)
  }
  const first = stamps.find((stamp) => stamp.requestId === 'first')!.value as string
  const whoami = await whoamiWithStamp(bodies.first, first)
  expect(whoami).toEqual({ status: 200, body: expect.objectContaining({ organizationId: orgId }) })
  await showOnPage(page, 'whoami with the port stamp', JSON.stringify(whoami))
  await testbed.screenshot(page, 'channel-2-stamped')

  // Only the first channel is accepted: a second TURNKEY_INIT_MESSAGE_CHANNEL gets no answer.
  await openChannel(page, 'second')
  await page.waitForTimeout(1000)
  expect(await channelMessages(page, 'second')).toEqual([])

  // RESET_EMBEDDED_KEY forgets the session key and the embedded key; INIT_EMBEDDED_KEY makes a new one.
  expect(await portRequest(page, { type: 'RESET_EMBEDDED_KEY', requestId: 'reset' })).toEqual({
    type: 'EMBEDDED_KEY_RESET',
    value: null,
    requestId: 'reset',
  })
  expect(
    await portRequest(page, { type: 'STAMP_REQUEST', value: bodies.first, requestId: 'after-reset' }),
  ).toEqual({
    type: 'ERROR',
    value: 'no credential bundle has been injected',
    requestId: 'after-reset',
  })
  expect(await portRequest(page, { type: 'GET_EMBEDDED_PUBLIC_KEY', requestId: 'key-2' })).toEqual({
    type: 'EMBEDDED_PUBLIC_KEY',
    value: '',
    requestId: 'key-2',
  })
  const fresh = await portRequest(page, { type: 'INIT_EMBEDDED_KEY', requestId: 'init' })
  expect(fresh).toEqual({
    type: 'EMBEDDED_PUBLIC_KEY',
    value: expect.stringMatching(/^04[0-9a-f]{128}$/),
    requestId: 'init',
  })
  expect(fresh.value).not.toBe(publicKey)
  // The old bundle was sealed to the old key: the frame refuses it now.
  const refused = await portRequest(page, {
    type: 'INJECT_CREDENTIAL_BUNDLE',
    value: credentialBundle,
    requestId: 'stale',
  })
  expect(refused).toMatchObject({ type: 'ERROR', requestId: 'stale' })
  await showOnPage(page, 'after RESET/INIT', JSON.stringify({ fresh: fresh.value, stale: refused.value }))
  await testbed.screenshot(page, 'channel-3-reset')
  await page.context().close()
})

test('error: a page on an origin no app allows cannot embed the frame (CSP frame-ancestors)', async () => {
  const context = await testbed.newContext()
  const page = await context.newPage()
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  await page.goto(`${otherSite.url}/`)
  const response = await fetch(frameUrl)
  const csp = response.headers.get('content-security-policy') ?? ''
  expect(csp).toContain(`frame-ancestors`)
  expect(csp).toContain(testbed.appUrl)
  expect(csp).not.toContain(otherSite.url)

  const violation = page.waitForEvent('console', (message) => message.text().includes('frame-ancestors'))
  await mountAuthFrame(page)
  await violation
  await page.waitForTimeout(1000)
  // The frame's page never ran: no PUBLIC_KEY_READY, and Chromium reports the ancestor violation.
  expect(await receivedCount(page)).toBe(0)
  expect(consoleErrors).toContainEqual(
    expect.stringMatching(new RegExp(`^Framing '${testbed.serverUrl}/'.*frame-ancestors.*has been blocked`)),
  )
  const child = page.frames().find((frame) => frame !== page.mainFrame())
  expect(child?.url()).toBe('chrome-error://chromewebdata/')
  // Asking it for a channel gets no answer either.
  await openChannel(page)
  await page.waitForTimeout(1000)
  expect(await channelMessages(page)).toEqual([])
  await showOnPage(page, 'console', consoleErrors.join('\n'))
  await testbed.screenshot(page, 'other-origin-1-blocked')
  await context.close()
})

test('error: messages from an origin no app allows are ignored by an embedded frame', async () => {
  const page = await testbed.openPage({ signer: false })
  await mountAuthFrame(page)
  const ready = await windowMessage(page, 'PUBLIC_KEY_READY')
  // A frame of the other origin on the same app page reaches the auth frame through `parent.frames`.
  await page.evaluate((src) => {
    const iframe = document.createElement('iframe')
    iframe.id = 'other-origin'
    iframe.src = src
    iframe.style.cssText = 'width: 420px; height: 90px; border: 2px solid #c33'
    document.body.appendChild(iframe)
    return new Promise((resolve) => iframe.addEventListener('load', resolve))
  }, `${otherSite.url}/`)
  const other = page.frames().find((frame) => frame.url() === `${otherSite.url}/`)!
  expect(other).toBeDefined()
  const heard = await other.evaluate(async (origin) => {
    const received: unknown[] = []
    window.addEventListener('message', (event) => received.push(event.data))
    // The app page has two frames: the auth frame, then this one.
    if (window.parent.frames.length !== 2 || window.parent.frames[1] !== window)
      throw new Error('unexpected frames')
    const authFrame = window.parent.frames[0]!
    const channel = new MessageChannel()
    channel.port1.onmessage = (event) => received.push(event.data)
    authFrame.postMessage({ type: 'TURNKEY_INIT_MESSAGE_CHANNEL' }, origin, [channel.port2])
    authFrame.postMessage({ type: 'GET_EMBEDDED_PUBLIC_KEY' }, origin)
    authFrame.postMessage({ type: 'RESET_EMBEDDED_KEY' }, origin)
    authFrame.postMessage({ type: 'STAMP_REQUEST', value: '{}' }, origin)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    return received
  }, testbed.serverUrl)
  expect(heard).toEqual([])
  await testbed.screenshot(page, 'other-origin-2-ignored')

  // The frame neither took the other origin's port nor reset its key: the app's own channel
  // still opens and announces the same key.
  await openChannel(page)
  expect((await channelMessage(page, 'PUBLIC_KEY_READY')).value).toBe(ready.data.value)
  expect(await portRequest(page, { type: 'GET_EMBEDDED_PUBLIC_KEY', requestId: 'still' })).toEqual({
    type: 'EMBEDDED_PUBLIC_KEY',
    value: ready.data.value,
    requestId: 'still',
  })
  await showOnPage(page, 'the app’s channel after the other origin tried', String(ready.data.value))
  await testbed.screenshot(page, 'other-origin-3-app-channel')
  await page.context().close()
})

test('error: the frame refuses to run inside another frame, even of an allowed origin', async () => {
  const page = await testbed.openPage({ signer: false })
  // An app-origin frame inside the app page, and the auth frame inside that one.
  await page.evaluate((src) => {
    const iframe = document.createElement('iframe')
    iframe.id = 'middle'
    iframe.src = src
    iframe.style.cssText = 'width: 480px; height: 300px; border: 2px solid #36c'
    document.body.appendChild(iframe)
    return new Promise((resolve) => iframe.addEventListener('load', resolve))
  }, `${testbed.appUrl}/middle`)
  const middle = page.frames().find((frame) => frame.url() === `${testbed.appUrl}/middle`)!
  await middle.waitForFunction(() => 'sigil' in window)
  await mountAuthFrame(middle)
  const authFrame = await (await middle.waitForSelector('#auth-frame')).contentFrame()
  await authFrame!.waitForFunction(() => document.getElementById('status')?.textContent !== 'loading')
  expect(await authFrame!.evaluate(() => document.getElementById('status')?.textContent)).toBe(
    'This frame refuses to run inside another frame.',
  )
  await openChannel(middle)
  await page.waitForTimeout(1000)
  expect(await receivedCount(middle)).toBe(0)
  expect(await channelMessages(middle)).toEqual([])
  await testbed.screenshot(page, 'nested-refused')
  await page.context().close()
})

test('behavior: the frame’s keys are non-extractable CryptoKeys (embedded key in IndexedDB, session key in memory)', async () => {
  const context = await testbed.newContext()
  // Records every key the frame imports (the session key of a bundle is imported as ECDSA/sign).
  await context.addInitScript((serverOrigin) => {
    if (location.origin !== serverOrigin) return
    const imported: CryptoKey[] = []
    ;(window as unknown as { importedKeys: CryptoKey[] }).importedKeys = imported
    const importKey = crypto.subtle.importKey.bind(crypto.subtle)
    crypto.subtle.importKey = (async (...args: Parameters<SubtleCrypto['importKey']>) => {
      const key = await importKey(...args)
      imported.push(key)
      return key
    }) as SubtleCrypto['importKey']
  }, testbed.serverUrl)
  const page = await testbed.openPage({ signer: false, context })
  await mountAuthFrame(page)
  const ready = await windowMessage(page, 'PUBLIC_KEY_READY')
  const publicKey = ready.data.value as string

  const stored = await readFrameKey(page, frameUrl)
  expect(stored).toEqual({
    publicKeyHex: publicKey,
    expiresAt: expect.any(Number),
    privateKey: { type: 'private', algorithm: 'ECDH', extractable: false, usages: ['deriveBits'] },
    exportError: expect.stringMatching(/^InvalidAccessError/),
  })
  // 48 hours by default.
  expect(stored!.expiresAt - Date.now()).toBeGreaterThan(47 * 3600_000)

  const { orgId, credentialBundle } = await issueCredentialBundle('keys@example.com', publicKey)
  await legacyRequest(page, { type: 'INJECT_CREDENTIAL_BUNDLE', value: credentialBundle }, 'BUNDLE_INJECTED')
  const frame = page.frames().find((candidate) => candidate.url() === frameUrl)!
  const sessionKeys = await frame.evaluate(async () => {
    const keys = (window as unknown as { importedKeys: CryptoKey[] }).importedKeys
    const signing = keys.filter((key) => key.algorithm.name === 'ECDSA' && key.usages.includes('sign'))
    return Promise.all(
      signing.map(async (key) => ({
        type: key.type,
        extractable: key.extractable,
        jwk: await crypto.subtle.exportKey('jwk', key).then(
          () => 'exported',
          (error: Error) => error.name,
        ),
        pkcs8: await crypto.subtle.exportKey('pkcs8', key).then(
          () => 'exported',
          (error: Error) => error.name,
        ),
      })),
    )
  })
  expect(sessionKeys).toEqual([
    { type: 'private', extractable: false, jwk: 'InvalidAccessError', pkcs8: 'InvalidAccessError' },
  ])
  // Nothing of the keys is in the frame's localStorage, and the stamp still works with the imported key.
  expect(await frame.evaluate(() => localStorage.length)).toBe(0)
  const body = JSON.stringify({ organizationId: orgId })
  const stamped = await legacyRequest(page, { type: 'STAMP_REQUEST', value: body }, 'STAMP')
  expect((await whoamiWithStamp(body, stamped.data.value as string)).status).toBe(200)
  await showOnPage(page, 'embedded key (IndexedDB)', JSON.stringify(stored))
  await showOnPage(page, 'session key (memory)', JSON.stringify(sessionKeys))
  await testbed.screenshot(page, 'keys-non-extractable')
  await context.close()
})
