import type { BrowserContext, Page } from 'playwright-core'
import { recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type BrowserTestbed, startBrowserTestbed } from './startBrowserTestbed.js'
import { type TestPageWindow, waitForStatus } from './testPage.js'

/**
 * Magic-link sign-in in Chromium: the link is opened in a new tab of the same profile, as a user
 * clicking it in their mail; the server redirects to the app, whose signer finishes the sign-in,
 * and the tab that asked for the link follows.
 */

let testbed: BrowserTestbed
beforeAll(async () => {
  testbed = await startBrowserTestbed('magic-link')
  // The server sends links only to apps in magic-link mode (the client's emailMode is advisory).
  await testbed.server.store.db
    .updateTable('apps')
    .set({ email_mode: 'magic-link' })
    .where('id', '=', testbed.app.appId)
    .execute()
})
afterAll(async () => {
  await testbed?.close()
})

/**
 * Opens `link` in a new tab of `context` with the test app's signer config (the same the testbed
 * gives its pages), and waits until the signer at the page the link redirected to is ready.
 */
async function openLink(context: BrowserContext, link: string): Promise<Page> {
  const tab = await context.newPage()
  tab.on('pageerror', (error) => process.stderr.write(`[magic-link] page error: ${error.message}\n`))
  await tab.addInitScript(
    (config) => {
      ;(window as unknown as { __sigilConfig: unknown }).__sigilConfig = config
    },
    {
      connection: { rpcUrl: testbed.serverUrl, apiKey: testbed.app.apiKey },
      iframeConfig: { iframeContainerId: 'signer-frame' },
    },
  )
  await tab.goto(link)
  if (!tab.url().startsWith(testbed.appUrl)) return tab
  await tab.waitForFunction(() => 'signerReady' in window)
  await tab.evaluate(() => (window as unknown as { signerReady: Promise<void> }).signerReady)
  return tab
}

/** Starts a magic-link sign-in on `page` (kept in `window.pending.email`) and answers the mailed link. */
async function requestLink(page: Page, email: string, redirectParams?: Record<string, string>) {
  await page.evaluate(
    ({ address, params }) => {
      const testWindow = window as unknown as TestPageWindow
      testWindow.pending ??= {}
      testWindow.pending.email = testWindow.signer.authenticate({
        type: 'email',
        emailMode: 'magicLink',
        email: address,
        redirectParams: params ? new URLSearchParams(params) : undefined,
      })
    },
    { address: email, params: redirectParams },
  )
  await waitForStatus(page, 'AWAITING_EMAIL_AUTH')
  const link = await testbed.readCode(email)
  expect(link).toMatch(
    new RegExp(`^${testbed.serverUrl}/signer/v1/magic-link\\?otpId=[0-9a-f-]{36}&token=[A-Za-z0-9_-]{43}$`),
  )
  return link
}

const signerState = (page: Page) =>
  page.evaluate(() => {
    const { status, user, error, isNewUser } = (window as unknown as TestPageWindow).signer
    return { status, user, error, isNewUser }
  })

/** Writes `text` under the page's status (`#test-note`), so that a screenshot shows an error. */
const showNote = (page: Page, text: string) =>
  page.evaluate((note) => {
    const element = document.createElement('p')
    element.id = 'test-note'
    element.style.color = '#b91c1c'
    element.textContent = note
    document.getElementById('user')?.parentElement?.after(element)
  }, text)

test('default: a magic-link sign-up finishes in the tab the link opens, which drops the query, and the asking tab follows', async () => {
  const context = await testbed.newContext()
  const page = await testbed.openPage({ context })
  await testbed.screenshot(page, '1-disconnected')
  const link = await requestLink(page, 'curie@example.com')
  await page.waitForSelector('#status:text("AWAITING_EMAIL_AUTH")')
  await testbed.screenshot(page, '2-awaiting-email')

  const tab = await openLink(context, link)
  // The server redirected to the app's redirect URL; the signer removed bundle, orgId and aa-is-signup.
  expect(tab.url()).toBe(`${testbed.appUrl}/`)
  const state = await signerState(tab)
  expect(state).toEqual({
    status: 'CONNECTED',
    user: expect.objectContaining({
      email: 'curie@example.com',
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
    }),
    error: undefined,
    isNewUser: true,
  })
  expect(await tab.evaluate(() => (window as unknown as TestPageWindow).signerEvents)).toContain(
    'newUserSignup',
  )
  await tab.waitForSelector('#status:text("CONNECTED")')
  await testbed.screenshot(tab, '3-link-tab-connected')

  // The tab that asked for the link hears the new session (storage event) and connects as well.
  await waitForStatus(page, 'CONNECTED')
  const user = state.user!
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).pending.email)).toEqual(user)
  expect(await signerState(page)).toMatchObject({ status: 'CONNECTED', user, error: undefined })
  await page.bringToFront()
  await page.waitForSelector('#status:text("CONNECTED")')
  await testbed.screenshot(page, '4-asking-tab-connected')

  // Both tabs hold the session key: each one signs for the user.
  for (const signing of [page, tab]) {
    const message = `signed in ${signing === page ? 'the asking tab' : 'the link tab'}`
    const signature = await signing.evaluate(
      (text) => (window as unknown as TestPageWindow).signer.signMessage(text),
      message,
    )
    expect(await recoverMessageAddress({ message, signature })).toBe(user.address)
  }
  await context.close()
})

test('behavior: a known user signs in by link; the app keeps its own redirectParams and loses only the sign-in ones', async () => {
  const email = 'meitner@example.com'
  const context = await testbed.newContext()
  const signup = await testbed.openPage({ context })
  await openLink(context, await requestLink(signup, email)).then((tab) => tab.close())
  await waitForStatus(signup, 'CONNECTED')
  const { user: first } = await signerState(signup)
  await signup.evaluate(() => (window as unknown as TestPageWindow).signer.disconnect())
  await waitForStatus(signup, 'DISCONNECTED')

  const link = await requestLink(signup, email, { step: 'wallet', next: '/send?to=1' })
  const tab = await openLink(context, link)
  const url = new URL(tab.url())
  expect(url.origin + url.pathname).toBe(`${testbed.appUrl}/`)
  expect([...url.searchParams]).toEqual([
    ['step', 'wallet'],
    ['next', '/send?to=1'],
  ])
  expect(await signerState(tab)).toMatchObject({
    status: 'CONNECTED',
    user: { userId: first!.userId, address: first!.address, email },
    isNewUser: false,
  })
  await testbed.screenshot(tab, '5-known-user-link-tab')
  await waitForStatus(signup, 'CONNECTED')
  expect(await signerState(signup)).toMatchObject({ user: { userId: first!.userId } })
  await context.close()
})

test('error: a used link lands on the app with the error and no session, and the address is cleaned', async () => {
  const context = await testbed.newContext()
  const page = await testbed.openPage({ context })
  const link = await requestLink(page, 'franklin@example.com')
  await openLink(context, link).then((tab) => tab.close())
  await waitForStatus(page, 'CONNECTED')

  // The same link again, in another browser profile: it was used up.
  const elsewhere = await testbed.newContext()
  const tab = await openLink(elsewhere, link)
  expect(tab.url()).toBe(`${testbed.appUrl}/`)
  expect(await signerState(tab)).toEqual({
    status: 'DISCONNECTED',
    user: undefined,
    error: {
      name: 'OauthError',
      message: 'this sign-in link was already used or has expired, ask for a new one',
    },
    isNewUser: undefined,
  })
  expect(await tab.evaluate(() => localStorage.getItem('alchemy-signer-session'))).toBeNull()
  await tab.waitForSelector('#status:text("DISCONNECTED")')
  await showNote(
    tab,
    `${tab.url()} — error ${JSON.stringify(await tab.evaluate(() => (window as unknown as TestPageWindow).signer.error))}`,
  )
  await testbed.screenshot(tab, '6-used-link')
  await elsewhere.close()
  await context.close()
})

test('error: an expired link lands with the error; the asking tab keeps waiting for a good one', async () => {
  const email = 'noether@example.com'
  const context = await testbed.newContext()
  const page = await testbed.openPage({ context })
  const link = await requestLink(page, email)
  await testbed.server.store.db
    .updateTable('email_codes')
    .set({ expires_at: Date.now() - 1_000 })
    .where('id', '=', new URL(link).searchParams.get('otpId')!)
    .execute()

  const tab = await openLink(context, link)
  expect(tab.url()).toBe(`${testbed.appUrl}/`)
  expect(await signerState(tab)).toMatchObject({
    status: 'DISCONNECTED',
    user: undefined,
    error: {
      name: 'OauthError',
      message: 'this sign-in link was already used or has expired, ask for a new one',
    },
  })
  await showNote(
    tab,
    `${tab.url()} — error ${JSON.stringify(await tab.evaluate(() => (window as unknown as TestPageWindow).signer.error))}`,
  )
  await testbed.screenshot(tab, '7-expired-link')
  expect((await signerState(page)).status).toBe('AWAITING_EMAIL_AUTH')
  await tab.close()

  // A fresh link still works, and the waiting tab connects.
  const fresh = await openLink(context, await requestLink(page, email))
  expect((await signerState(fresh)).status).toBe('CONNECTED')
  await waitForStatus(page, 'CONNECTED')
  await context.close()
})

test('error: a link the server does not know shows its error page, without details', async () => {
  const context = await testbed.newContext()
  const tab = await openLink(
    context,
    `${testbed.serverUrl}/signer/v1/magic-link?otpId=00000000-0000-4000-8000-000000000000&token=${'A'.repeat(43)}`,
  )
  expect(tab.url().startsWith(testbed.serverUrl)).toBe(true)
  expect(await tab.textContent('h1')).toBe('Could not sign you in')
  expect(await tab.textContent('p')).toBe(
    'Invalid or expired sign-in link. Go back to the app and ask for a new link.',
  )
  await testbed.screenshot(tab, '8-unknown-link')
  await context.close()
})
