// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { testRpcUrl } from '../../../../signer/src/test/createSignerTestbed.js'
import type { SigilUiConfig } from '../../context/SigilUiConfig.js'
import { createReactTestbed, type ReactTestbed } from '../../test/createReactTestbed.js'
import { createSigilWrapper } from '../../test/createSigilWrapper.js'
import { AuthCard } from '../AuthCard.js'

/**
 * Step oauth_completing with the real server's prepare-oauth (a provider added to its config) and a
 * scripted window: happy-dom cannot open popups, and no identity provider runs here (the whole round
 * trip through a real OIDC provider runs in Chromium).
 */

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
  testbed.server.app.sigil.config.oauthProviders.push({
    id: 'google',
    issuer: 'https://accounts.google.com',
    clientId: 'sigil-test',
    clientSecret: undefined,
    isCustomProvider: false,
    scope: undefined,
    authEndpoint: 'https://accounts.example/auth',
    tokenEndpointAuthMethod: 'none',
    authEndpointParameters: {},
    trustEmailVerified: true,
    emailVerifiedAsString: false,
  })
})
afterEach(async () => {
  await testbed.cleanup()
})

/** A window whose `open` gives a popup the test closes, and whose messages the test posts. */
const createPopupWindow = () => {
  const opened: string[] = []
  const popup = {
    closed: false,
    close() {
      popup.closed = true
    },
  }
  const window = Object.assign(new EventTarget(), {
    location: { href: 'http://localhost:5173/login', origin: 'http://localhost:5173' },
    history: { replaceState: () => undefined },
    open(url: string) {
      opened.push(url)
      popup.closed = false
      return popup
    },
  })
  const post = (data: unknown) =>
    window.dispatchEvent(new MessageEvent('message', { origin: testRpcUrl, data }))
  return { window, popup, opened, post }
}

const renderCard = async (mode: 'popup' | 'redirect') => {
  const scripted = createPopupWindow()
  const ui: SigilUiConfig = {
    auth: {
      sections: [
        [
          mode === 'popup'
            ? { type: 'social', authProviderId: 'google', mode: 'popup' }
            : {
                type: 'social',
                authProviderId: 'google',
                mode: 'redirect',
                redirectUrl: 'http://localhost:5173/back',
              },
        ],
      ],
    },
  }
  const config = testbed.createConfig({ window: scripted.window }, ui)
  render(<AuthCard supportUrl="https://example.com/help" />, { wrapper: createSigilWrapper(config) })
  await waitFor(() => expect(config.store.getState().signer?.oauthConfig ?? mode === 'redirect').toBeTruthy())
  return { ...scripted, config, user: userEvent.setup() }
}

test('default: the social button opens the provider; "Continue with Google" while the popup is open', async () => {
  const { user, opened } = await renderCard('popup')
  await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
  expect(screen.getByRole('heading', { name: 'Continue with Google' })).toBeDefined()
  expect(screen.getByText('Follow the steps in the pop up window to sign in with Google')).toBeDefined()
  expect(screen.getByText('Need help?', { exact: false })).toBeDefined()
  expect(screen.getByRole('link', { name: 'Contact support' })).toBeDefined()
  expect(opened).toHaveLength(1)
  expect(new URL(opened[0]!).origin + new URL(opened[0]!).pathname).toBe('https://accounts.example/auth')
})

test('behavior: closing the popup (OauthCancelledError) returns to the first step', async () => {
  const { user, popup } = await renderCard('popup')
  await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
  popup.closed = true
  expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 3000 })).toBeDefined()
})

test('error: the provider reports an error: "Couldn\'t connect to Google"; Try again opens it again', async () => {
  const { user, post, opened } = await renderCard('popup')
  await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
  post({ alchemyError: 'OAuth provider returned an error (access_denied)' })
  expect(await screen.findByRole('heading', { name: "Couldn't connect to Google" })).toBeDefined()
  expect(screen.getByText('The connection failed or canceled')).toBeDefined()
  // The error screen signs out, which prepares the next popup for a new key; Try again waits for it.
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  await waitFor(() => expect(opened).toHaveLength(2))
  expect(screen.getByRole('heading', { name: 'Continue with Google' })).toBeDefined()
  post({ alchemyError: 'again' })
  await user.click(await screen.findByRole('button', { name: 'Use another method' }))
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeDefined()
})

test('error: a redirect that does not happen within a second: "Couldn\'t connect to Google"', async () => {
  const { user, window } = await renderCard('redirect')
  await user.click(screen.getByRole('button', { name: 'Continue with Google' }))
  expect(screen.getByRole('heading', { name: 'Continue with Google' })).toBeDefined()
  await waitFor(() => expect(window.location.href).toMatch(/^https:\/\/accounts\.example\/auth\?/))
  expect(
    await screen.findByRole('heading', { name: "Couldn't connect to Google" }, { timeout: 3000 }),
  ).toBeDefined()
})
