import { generate } from 'otplib'
import type { Page, Request } from 'playwright-core'
import { recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { User } from '../../src/types.js'
import { type BrowserTestbed, startBrowserTestbed } from './startBrowserTestbed.js'
import { type TestPageWindow, waitForStatus } from './testPage.js'

/**
 * OAuth through the real `oidc-provider` (Sigil's provider `auth0`) in Chromium: the popup and the
 * redirect round trips, cancel and provider errors. The provider's dev pages take the subject as
 * login name (any password), then ask for consent once per browser profile.
 */

let testbed: BrowserTestbed
beforeAll(async () => {
  testbed = await startBrowserTestbed('oauth')
})
afterAll(async () => {
  await testbed?.close()
})

/** How `authenticate` settled on the page, and when (`Date.now()` there). */
type Outcome = { user?: User; error?: { name: string; message: string }; at: number }

/** A provider account: the subject is the login name, the email goes into the ID token. */
function createAccount(subject: string): { subject: string; email: string } {
  const email = `${subject}@example.com`
  testbed.idp.accounts.set(subject, { email, email_verified: true })
  return { subject, email }
}

/**
 * Clicks a "Sign in with auth0" button (a user gesture, as browsers want for `window.open`) that
 * starts popup OAuth, and answers the popup and the authorization request it opened with.
 */
async function clickPopupSignIn(page: Page): Promise<{ popup: Page; authorization: Request }> {
  await page.evaluate(() => {
    const testWindow = window as unknown as TestPageWindow
    testWindow.pending ??= {}
    document.getElementById('oauth-popup')?.remove()
    const button = document.createElement('button')
    button.id = 'oauth-popup'
    button.textContent = 'Sign in with auth0'
    button.onclick = () => {
      testWindow.pending.oauth = testWindow.signer
        .authenticate({ type: 'oauth', authProviderId: 'auth0', mode: 'popup' })
        .then(
          (user): Outcome => ({ user, at: Date.now() }),
          (error: Error): Outcome => ({
            error: { name: error.name, message: error.message },
            at: Date.now(),
          }),
        )
    }
    document.body.append(button)
  })
  const authorization = page
    .context()
    .waitForEvent('request', (request) => request.url().startsWith(`${testbed.idp.issuer}/auth?`))
  const popup = page.waitForEvent('popup')
  await page.click('#oauth-popup')
  return { popup: await popup, authorization: await authorization }
}

const outcome = (page: Page) =>
  page.evaluate(() => (window as unknown as TestPageWindow).pending.oauth as Promise<Outcome>)

/** Fills the provider's dev login form on `target` (a popup or the page) and submits it. */
async function logInAtProvider(target: Page, subject: string, step: string) {
  await target.waitForSelector('input[name="login"]')
  await testbed.screenshot(target, `${step}-provider-login`)
  await target.fill('input[name="login"]', subject)
  await target.fill('input[name="password"]', 'any password')
  await testbed.screenshot(target, `${step}-provider-login-filled`)
  await target.click('button[type="submit"]')
}

/** Confirms the provider's consent page (asked on the first sign-in of a browser profile). */
async function consentAtProvider(target: Page, step: string) {
  const confirm = 'form:has(input[name="prompt"][value="consent"]) button[type="submit"]'
  await target.waitForSelector(confirm)
  await testbed.screenshot(target, `${step}-provider-consent`)
  await target.click(confirm)
}

/** A whole popup login of `subject` on `page`, up to the popup closing itself. */
async function popupLogin(page: Page, subject: string, step: string): Promise<Outcome> {
  const { popup } = await clickPopupSignIn(page)
  const closed = popup.waitForEvent('close')
  await logInAtProvider(popup, subject, step)
  await consentAtProvider(popup, step)
  await closed
  return outcome(page)
}

const signerState = (page: Page) =>
  page.evaluate(() => {
    const { signer } = window as unknown as TestPageWindow
    return { status: signer.status, user: signer.user, error: signer.error, isNewUser: signer.isNewUser }
  })

/** Shows the signer's error on the page (the test page shows only status and user) for a screenshot. */
async function showError(page: Page) {
  await page.evaluate(() => {
    const { error } = (window as unknown as TestPageWindow).signer
    const line = document.getElementById('oauth-error') ?? document.createElement('p')
    line.id = 'oauth-error'
    line.textContent = `Error: ${error ? `${error.name}: ${error.message}` : '-'}`
    document.getElementById('user')?.parentElement?.after(line)
  })
}

async function expectSignsAs(page: Page, address: string) {
  const signature = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.signMessage('hello from OAuth'),
  )
  expect(await recoverMessageAddress({ message: 'hello from OAuth', signature })).toBe(address)
}

test('default: popup OAuth through the real provider: a 500x600 popup, login, the opener is CONNECTED and signs', async () => {
  const { subject, email } = createAccount('popup-ada')
  const page = await testbed.openPage({ signer: { enablePopupOauth: true } })
  await page.evaluate(() => (window as unknown as TestPageWindow).signer.ready)
  await testbed.screenshot(page, 'popup-1-app-disconnected')

  const { popup, authorization } = await clickPopupSignIn(page)
  await waitForStatus(page, 'AUTHENTICATING_OAUTH')
  // The provider URL of docs/protocol.md#oauth-state-and-nonce, to the provider Sigil announced for `auth0`.
  const url = new URL(authorization.url())
  expect(url.origin).toBe(testbed.idp.issuer)
  expect(url.searchParams.get('redirect_uri')).toBe(`${testbed.serverUrl}/signer/v1/oauth/callback`)
  expect(url.searchParams.get('response_type')).toBe('code')
  expect(url.searchParams.get('scope')).toBe('openid email')
  expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
  expect(url.searchParams.get('code_challenge_method')).toBe('S256')
  expect(url.searchParams.get('prompt')).toBe('select_account')
  expect(url.searchParams.get('client_id')).toBe('sigil-app')
  expect(url.searchParams.get('nonce')).toMatch(/^[0-9a-f]{64}$/)
  const state = JSON.parse(Buffer.from(url.searchParams.get('state') ?? '', 'base64url').toString())
  expect(state).toMatchObject({ authProviderId: 'auth0', openerOrigin: testbed.appUrl })
  expect(state.redirectUrl).toBeUndefined()
  // Opened with `popup,width=500,height=600`; headless Chromium gives the popup that viewport.
  await popup.waitForLoadState()
  expect(
    await popup.evaluate(() => ({
      width: window.innerWidth,
      height: window.innerHeight,
      opener: !!window.opener,
    })),
  ).toEqual({ width: 500, height: 600, opener: true })
  await testbed.screenshot(page, 'popup-2-app-authenticating')

  const closed = popup.waitForEvent('close')
  await logInAtProvider(popup, subject, 'popup-3')
  await consentAtProvider(popup, 'popup-4')
  // The callback page posts the result to the opener and the popup closes.
  await closed
  const { user, error } = await outcome(page)
  expect(error).toBeUndefined()
  expect(user).toMatchObject({ email, address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) })
  await waitForStatus(page, 'CONNECTED')
  await page.waitForSelector(`#user:text("${email}")`)
  expect(await signerState(page)).toMatchObject({ status: 'CONNECTED', user, isNewUser: true })
  expect(await page.evaluate(() => (window as unknown as TestPageWindow).signerEvents)).toEqual(
    expect.arrayContaining(['statusChanged:AUTHENTICATING_OAUTH', 'connected', 'newUserSignup']),
  )
  await testbed.screenshot(page, 'popup-5-app-connected')
  await expectSignsAs(page, user!.address)
})

test('behavior: a second popup login of the same subject reaches the same user, after a disconnect and in another profile', async () => {
  const { subject, email } = createAccount('popup-twice')
  const page = await testbed.openPage({ signer: { enablePopupOauth: true } })
  const first = await popupLogin(page, subject, 'twice-1')
  expect(first.user).toMatchObject({ email })
  await waitForStatus(page, 'CONNECTED')

  // Signing out resets the key and prepares popup OAuth again: the next click opens the popup.
  await page.evaluate(() => (window as unknown as TestPageWindow).signer.disconnect())
  await waitForStatus(page, 'DISCONNECTED')
  const { popup } = await clickPopupSignIn(page)
  // The provider remembers this profile's session and grant: the popup goes through by itself.
  await popup.waitForEvent('close')
  const second = await outcome(page)
  expect(second.error).toBeUndefined()
  expect(second.user).toMatchObject({ userId: first.user?.userId, address: first.user?.address, email })
  await waitForStatus(page, 'CONNECTED')
  expect((await signerState(page)).isNewUser).toBeUndefined()
  await testbed.screenshot(page, 'twice-2-app-connected-again')

  // Another browser profile: another key, the same user.
  const other = await testbed.openPage({ signer: { enablePopupOauth: true } })
  const third = await popupLogin(other, subject, 'twice-3')
  expect(third.user).toMatchObject({ userId: first.user?.userId, address: first.user?.address })
  await waitForStatus(other, 'CONNECTED')
  await testbed.screenshot(other, 'twice-4-other-profile-connected')
  await expectSignsAs(other, first.user!.address)
})

test('error: closing the popup before finishing rejects with OauthCancelledError within a second', async () => {
  createAccount('popup-closer')
  const page = await testbed.openPage({ signer: { enablePopupOauth: true } })
  const { popup } = await clickPopupSignIn(page)
  await popup.waitForSelector('input[name="login"]')
  await testbed.screenshot(popup, 'cancel-1-provider-login')
  const closedAt = Date.now()
  await popup.close()
  const { user, error, at } = await outcome(page)
  expect(user).toBeUndefined()
  expect(error).toEqual({ name: 'OauthCancelledError', message: 'OAuth cancelled' })
  // Checked every 500 ms, then 300 ms for a result still on its way.
  expect(at - closedAt).toBeLessThan(1_200)
  // OAuth failures keep the status (docs/account-kit.md#signer) and store the error.
  expect(await signerState(page)).toMatchObject({
    status: 'AUTHENTICATING_OAUTH',
    user: undefined,
    error: { name: 'OauthCancelledError', message: 'OAuth cancelled' },
  })
  await showError(page)
  await testbed.screenshot(page, 'cancel-2-app-cancelled')
})

test('error: cancelling at the provider in the popup rejects with OauthFailedError', async () => {
  const page = await testbed.openPage({ signer: { enablePopupOauth: true } })
  const { popup } = await clickPopupSignIn(page)
  await popup.waitForSelector('input[name="login"]')
  await testbed.screenshot(popup, 'popup-abort-1-provider-login')
  const closed = popup.waitForEvent('close')
  await popup.click('a[href$="/abort"]')
  await closed
  const { error } = await outcome(page)
  expect(error).toEqual({
    name: 'OauthFailedError',
    message: 'OAuth provider returned an error (access_denied)',
  })
  expect((await signerState(page)).error).toEqual(error)
  await showError(page)
  await testbed.screenshot(page, 'popup-abort-2-app-failed')
})

/** The app-origin URLs the page's main frame went to, and its uncaught errors. */
function recordPage(page: Page): { navigations: string[]; pageErrors: string[] } {
  const navigations: string[] = []
  const pageErrors: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().startsWith(testbed.appUrl)) navigations.push(frame.url())
  })
  page.on('pageerror', (error) => pageErrors.push(error.message))
  return { navigations, pageErrors }
}

/** Starts redirect OAuth on `page`; answers the authorization request the page went to. */
async function startRedirectOauth(page: Page): Promise<Request> {
  const authorization = page.waitForRequest((request) =>
    request.url().startsWith(`${testbed.idp.issuer}/auth?`),
  )
  await page.evaluate((redirectUrl) => {
    const { signer } = window as unknown as TestPageWindow
    // The page leaves for the provider; this promise dies with it.
    void signer
      .authenticate({ type: 'oauth', authProviderId: 'auth0', mode: 'redirect', redirectUrl })
      .catch(() => undefined)
  }, `${testbed.appUrl}/`)
  await page.waitForURL((url) => url.origin === testbed.idp.issuer)
  return authorization
}

async function waitForSignerReady(page: Page) {
  await page.waitForFunction(() => 'signerReady' in window)
  await page.evaluate(() => (window as unknown as { signerReady: Promise<void> }).signerReady)
}

test('default: redirect OAuth leaves for the provider and comes back CONNECTED, the address cleaned, a reload keeps the session', async () => {
  const { subject, email } = createAccount('redirect-ada')
  const page = await testbed.openPage()
  await testbed.screenshot(page, 'redirect-1-app-disconnected')
  const { navigations, pageErrors } = recordPage(page)

  const authorization = await startRedirectOauth(page)
  const state = JSON.parse(
    Buffer.from(new URL(authorization.url()).searchParams.get('state') ?? '', 'base64url').toString(),
  )
  expect(state).toMatchObject({ authProviderId: 'auth0', redirectUrl: `${testbed.appUrl}/` })
  await logInAtProvider(page, subject, 'redirect-2')
  await consentAtProvider(page, 'redirect-3')
  await page.waitForURL((url) => url.origin === testbed.appUrl)
  await waitForSignerReady(page)
  await waitForStatus(page, 'CONNECTED')

  // It landed with the result in the address (docs/protocol.md#sign-in-flows) …
  const landed = new URL(navigations.find((url) => url.includes('alchemy-bundle')) ?? page.url())
  expect(landed.pathname).toBe('/')
  for (const name of ['alchemy-bundle', 'alchemy-org-id', 'alchemy-id-token'])
    expect(landed.searchParams.get(name), name).toBeTruthy()
  expect(landed.searchParams.get('aa-is-signup')).toBe('true')
  // … which the signer read and removed.
  expect(await page.evaluate(() => location.href)).toBe(`${testbed.appUrl}/`)
  const { user, isNewUser } = await signerState(page)
  expect(user).toMatchObject({ email, orgId: landed.searchParams.get('alchemy-org-id') })
  expect(isNewUser).toBe(true)
  await page.waitForSelector(`#user:text("${email}")`)
  await testbed.screenshot(page, 'redirect-4-app-connected')
  await expectSignsAs(page, user!.address)

  await page.reload()
  await waitForSignerReady(page)
  await waitForStatus(page, 'CONNECTED')
  expect((await signerState(page)).user).toMatchObject({ userId: user!.userId, address: user!.address })
  await testbed.screenshot(page, 'redirect-5-app-reloaded')
  await expectSignsAs(page, user!.address)
  expect(pageErrors).toEqual([])
})

test('error: cancelling at the provider in redirect mode lands with alchemy-error; the signer reports it', async () => {
  const page = await testbed.openPage()
  const { navigations, pageErrors } = recordPage(page)
  await startRedirectOauth(page)
  await page.waitForSelector('input[name="login"]')
  await testbed.screenshot(page, 'redirect-error-1-provider-login')
  await page.click('a[href$="/abort"]')
  await page.waitForURL((url) => url.origin === testbed.appUrl)
  await waitForSignerReady(page)

  const landed = new URL(navigations.find((url) => url.includes('alchemy-error')) ?? page.url())
  expect(landed.searchParams.get('alchemy-error')).toBe('OAuth provider returned an error (access_denied)')
  expect(landed.searchParams.has('alchemy-bundle')).toBe(false)
  expect(await page.evaluate(() => location.href)).toBe(`${testbed.appUrl}/`)
  expect(await signerState(page)).toMatchObject({
    status: 'DISCONNECTED',
    user: undefined,
    error: { name: 'OauthError', message: 'OAuth provider returned an error (access_denied)' },
  })
  await page.waitForSelector('#status:text("DISCONNECTED")')
  await showError(page)
  await testbed.screenshot(page, 'redirect-error-2-app-error')
  expect(pageErrors).toEqual([])
})

test('behavior: a user with a TOTP factor: the popup leaves the signer AWAITING_MFA_AUTH, the code connects', async () => {
  const { subject, email } = createAccount('popup-mfa')
  const page = await testbed.openPage({ signer: { enablePopupOauth: true } })
  const first = await popupLogin(page, subject, 'mfa-1')
  expect(first.user).toMatchObject({ email })
  await waitForStatus(page, 'CONNECTED')
  const added = await page.evaluate(() =>
    (window as unknown as TestPageWindow).signer.addMfa({ multiFactorType: 'totp' }),
  )
  const code = (offsetSteps: number) =>
    generate({
      secret: new URL(added.multiFactorTotpUrl).searchParams.get('secret')!,
      epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30,
    })
  await page.evaluate((parameters) => (window as unknown as TestPageWindow).signer.verifyMfa(parameters), {
    multiFactorId: added.multiFactorId,
    multiFactorCode: await code(0),
  })
  await page.evaluate(() => (window as unknown as TestPageWindow).signer.disconnect())
  await waitForStatus(page, 'DISCONNECTED')

  // The provider remembers the profile: the popup goes through by itself, but brings no session.
  const { popup } = await clickPopupSignIn(page)
  await popup.waitForEvent('close')
  await waitForStatus(page, 'AWAITING_MFA_AUTH')
  expect(await signerState(page)).toMatchObject({
    status: 'AWAITING_MFA_AUTH',
    user: undefined,
    error: undefined,
  })
  await testbed.screenshot(page, 'mfa-2-app-awaiting-code')

  const user = await page.evaluate(
    (multiFactorCode) =>
      (window as unknown as TestPageWindow).signer.validateMultiFactors({ multiFactorCode }),
    await code(1),
  )
  expect(user).toMatchObject({ userId: first.user?.userId, address: first.user?.address })
  const { user: oauthUser, error } = await outcome(page)
  expect(error).toBeUndefined()
  expect(oauthUser).toMatchObject({ userId: first.user?.userId })
  await waitForStatus(page, 'CONNECTED')
  await testbed.screenshot(page, 'mfa-3-app-connected')
  await expectSignsAs(page, first.user!.address)
})
