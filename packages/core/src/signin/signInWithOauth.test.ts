import { OauthCancelledError, OauthFailedError } from '@sigil/signer'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { testRpcUrl } from '../../../signer/src/test/createSignerTestbed.js'
import { getSigner } from '../actions/getSigner.js'
import { getSignerStatus } from '../actions/getSignerStatus.js'
import { type CoreTestbed, createCoreTestbed } from '../test/createCoreTestbed.js'
import { signInWithOauth } from './signInWithOauth.js'

/**
 * Popup OAuth with the real server's prepare-oauth (a provider added to its config) and a scripted
 * window: no popup opens in Node and no identity provider runs here (Chromium tests do the round trip).
 */

let testbed: CoreTestbed
beforeEach(async () => {
  testbed = await createCoreTestbed()
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

/** A config whose window opens a popup the test closes, and whose messages the test posts. */
async function createPopupConfig() {
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
  const config = testbed.createConfig({ window, enablePopupOauth: true })
  await getSigner(config)!.ready
  const post = (data: unknown) =>
    window.dispatchEvent(new MessageEvent('message', { origin: testRpcUrl, data }))
  return { config, popup, opened, post }
}

test('default: a user with an authenticator factor answers mfa; the signer waits for the code', async () => {
  const { config, opened, post } = await createPopupConfig()
  const pending = signInWithOauth(config, { authProviderId: 'google', mode: 'popup' })
  await expect.poll(() => opened.length).toBe(1)
  expect(new URL(opened[0]!).origin).toBe('https://accounts.example')
  post({
    alchemyStatus: 'MFA_REQUIRED',
    alchemyOrgId: 'org-1',
    alchemyEncryptedPayload: 'payload',
    alchemyMultiFactors: [{ multiFactorId: 'f1', multiFactorType: 'totp' }],
  })
  expect(await pending).toEqual({ next: 'mfa', factorId: 'f1', factorType: 'totp' })
  expect(getSignerStatus(config).status).toBe('AWAITING_MFA_AUTH')
})

test('error: a closed popup throws OauthCancelledError, a provider error OauthFailedError', async () => {
  const { config, popup, opened, post } = await createPopupConfig()
  const cancelled = signInWithOauth(config, { authProviderId: 'google', mode: 'popup' })
  await expect.poll(() => opened.length).toBe(1)
  popup.closed = true
  await expect(cancelled).rejects.toBeInstanceOf(OauthCancelledError)

  await getSigner(config)!.preparePopupOauth()
  const failed = signInWithOauth(config, { authProviderId: 'google', mode: 'popup' })
  await expect.poll(() => opened.length).toBe(2)
  post({ alchemyError: 'OAuth provider returned an error (access_denied)' })
  await expect(failed).rejects.toBeInstanceOf(OauthFailedError)
})
