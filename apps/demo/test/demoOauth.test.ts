import { type OidcProvider, startOidcProvider } from '@sigil/devnet/oidc'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getFreePort } from '../../../packages/devnet/src/process/getFreePort.js'
import { type DemoTestbed, startDemoTestbed } from './startDemoTestbed.js'

/**
 * Popup OAuth through the demo's sign-in card in real Chromium, against a real OpenID provider
 * (npm `oidc-provider`, `@sigil/devnet/oidc`) that the Sigil server trusts as `auth0` (`SIGIL_OAUTH_AUTH0_*`): the demo
 * shows 'Continue with Auth0'. The provider's dev pages take the subject as login name (any
 * password), then ask for consent. Screenshots: `test-results/demo/oauth/<flow>-<step>.png`.
 */

let idp: OidcProvider
let testbed: DemoTestbed
beforeAll(async () => {
  // The provider must know the callback URL before the Sigil server starts: fix the server's port.
  const serverPort = await getFreePort()
  idp = await startOidcProvider({
    clients: [
      {
        clientId: 'sigil-demo',
        clientSecret: 'sigil-demo-secret',
        redirectUri: `http://localhost:${serverPort}/signer/v1/oauth/callback`,
      },
    ],
    // `oidc-provider`'s own login and consent pages (npm start's dev login is in npmStartDevLogin.test.ts).
    loginPage: 'built-in',
  })
  testbed = await startDemoTestbed('oauth', {
    serverPort,
    env: {
      SIGIL_OAUTH_AUTH0_ISSUER: idp.issuer,
      SIGIL_OAUTH_AUTH0_CLIENT_ID: 'sigil-demo',
      SIGIL_OAUTH_AUTH0_CLIENT_SECRET: 'sigil-demo-secret',
    },
  })
}, 120_000)
afterAll(async () => {
  await testbed?.close()
  await idp?.close()
})

const slow = { timeout: 90_000 }

/** Clicks 'Continue with Auth0' on the card and answers the popup it opens. */
async function openProviderPopup(page: Page): Promise<Page> {
  const popup = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Continue with Auth0' }).click()
  return popup
}

describe('demo OAuth', () => {
  test(
    "default: 'Continue with Auth0' opens the provider in a popup; after login and consent the demo shows the dashboard with the user's email",
    slow,
    async () => {
      const subject = 'oauth-ada'
      const email = `${subject}@example.com`
      idp.accounts.set(subject, { email, email_verified: true })
      const page = await testbed.openDemo()
      const shot = (target: Page, name: string) => testbed.screenshot(target, `popup-${name}`)
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      await shot(page, '1-sign-in')
      const popup = await openProviderPopup(page)
      const closed = popup.waitForEvent('close')
      await popup.waitForSelector('input[name="login"]')
      await shot(page, '2-app-waiting')
      await popup.fill('input[name="login"]', subject)
      await popup.fill('input[name="password"]', 'any password')
      await shot(popup, '3-provider-login')
      await popup.click('button[type="submit"]')
      const consent = 'form:has(input[name="prompt"][value="consent"]) button[type="submit"]'
      await popup.waitForSelector(consent)
      await shot(popup, '4-provider-consent')
      await popup.click(consent)
      await closed

      // A new user (the popup's message says sign-up) is offered a passkey first (addPasskeyOnSignup).
      const skip = page.getByRole('button', { name: 'Skip', exact: true })
      const dashboard = page.getByRole('heading', { name: 'Sign a message' })
      await page.getByRole('heading', { name: 'Add a passkey' }).waitFor()
      await shot(page, '5-add-passkey-offer')
      await skip.click()
      await dashboard.waitFor()
      await shot(page, '6-dashboard')
      const account = page.getByRole('region', { name: 'Account', exact: true })
      expect(await account.getByText(email).count()).toBe(1)
      await page.context().close()
    },
  )

  test(
    "behavior: closing the popup before finishing takes the card back to its first step ('OAuth cancelled' is no failure: docs/sign-in-ui.md#steps)",
    slow,
    async () => {
      const page = await testbed.openDemo()
      const shot = (target: Page, name: string) => testbed.screenshot(target, `closed-popup-${name}`)
      const popup = await openProviderPopup(page)
      await popup.waitForSelector('input[name="login"]')
      await shot(popup, '1-provider-login')
      await page.getByText('Follow the steps in the pop up window to sign in with Auth0').waitFor()
      await shot(page, '2-app-waiting')
      await popup.close()

      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      await page.getByRole('button', { name: 'Continue with Auth0' }).waitFor()
      await page.getByLabel('Email').waitFor()
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0)
      await shot(page, '3-back-to-sign-in')
      await page.context().close()
    },
  )

  test(
    "error: cancelling at the provider in the popup shows \"Couldn't connect to Auth0\" with 'Try again', which opens the popup again",
    slow,
    async () => {
      const page = await testbed.openDemo()
      const shot = (target: Page, name: string) => testbed.screenshot(target, `provider-abort-${name}`)
      const popup = await openProviderPopup(page)
      await popup.waitForSelector('input[name="login"]')
      await shot(popup, '1-provider-login')
      const closed = popup.waitForEvent('close')
      await popup.click('a[href$="/abort"]')
      await closed

      await page.getByRole('heading', { name: "Couldn't connect to Auth0" }).waitFor()
      await page.getByText('The connection failed or canceled', { exact: true }).waitFor()
      const tryAgain = page.getByRole('button', { name: 'Try again' })
      await shot(page, '2-error')
      const again = page.waitForEvent('popup')
      await tryAgain.click()
      await (await again).waitForSelector('input[name="login"]')
      await page.context().close()
    },
  )
})
