import { base64urlDecode } from '@sigil/protocol'
import { expect, test } from 'vitest'
import type { OauthConfig } from '../actions/preparePopupOauth.js'
import { getOauthNonce } from '../index.js'
import { getOauthProviderUrl } from './getOauthProviderUrl.js'

const turnkeyPublicKey = `04${'ab'.repeat(64)}`
const nonce = getOauthNonce(turnkeyPublicKey)
const oauthCallbackUrl = 'https://signer.example.com/signer/v1/oauth/callback'
const oauthConfig: OauthConfig = {
  codeChallenge: 'challenge123',
  requestKey: 'request-key',
  authProviders: [
    { id: 'google', clientId: 'g-client', authEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth/' },
    {
      id: 'apple',
      clientId: 'a-client',
      authEndpoint: 'https://appleid.apple.com/auth/authorize?response_mode=form_post',
    },
    { id: 'facebook', clientId: 'f-client', authEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth' },
    { id: 'twitch', clientId: 't-client', authEndpoint: 'https://id.twitch.tv/oauth2/authorize' },
    { id: 'auth0', clientId: 'z-client', authEndpoint: 'https://tenant.auth0.com/authorize' },
    {
      id: 'corp',
      isCustomProvider: true,
      clientId: 'c-client',
      authEndpoint: 'https://id.corp.example/auth',
    },
  ],
}
const decodeState = (url: string) =>
  JSON.parse(new TextDecoder().decode(base64urlDecode(new URL(url).searchParams.get('state')!)))

const tail = (state: string, client: string) =>
  `state=${state}&code_challenge=challenge123&code_challenge_method=S256&prompt=select_account&client_id=${client}&nonce=${nonce}`
const redirect = `redirect_uri=${encodeURIComponent(oauthCallbackUrl)}&response_type=code`

test('default: google in popup mode, parameters in order, state in key order', () => {
  const url = getOauthProviderUrl({
    oauthParameters: { authProviderId: 'google', mode: 'popup', expirationSeconds: 900 },
    oauthConfig,
    turnkeyPublicKey,
    oauthCallbackUrl,
    openerOrigin: 'http://localhost:5173',
  })
  const state = new URL(url).searchParams.get('state')!
  expect(url).toBe(
    `https://accounts.google.com/o/oauth2/v2/auth?${redirect}&scope=openid+email&${tail(state, 'g-client')}`,
  )
  expect(decodeState(url)).toEqual({
    authProviderId: 'google',
    requestKey: 'request-key',
    turnkeyPublicKey,
    expirationSeconds: 900,
    openerOrigin: 'http://localhost:5173',
  })
  expect(Object.keys(decodeState(url))).toEqual([
    'authProviderId',
    'requestKey',
    'turnkeyPublicKey',
    'expirationSeconds',
    'openerOrigin',
  ])
  expect(state).not.toContain('=')
  expect(nonce).toMatch(/^[0-9a-f]{64}$/)
})

test('behavior: the defaults of each known provider', () => {
  const urlFor = (authProviderId: string, extra: Record<string, unknown> = {}) =>
    getOauthProviderUrl({
      oauthParameters: { authProviderId, mode: 'redirect', redirectUrl: '/auth/return', ...extra },
      oauthConfig,
      turnkeyPublicKey,
      oauthCallbackUrl,
      baseUrl: 'http://localhost:5173/login',
    })
  const apple = urlFor('apple')
  const appleState = new URL(apple).searchParams.get('state')!
  expect(apple).toBe(
    `https://appleid.apple.com/auth/authorize?response_mode=form_post&${redirect}&scope=openid+email&${tail(appleState, 'a-client')}`,
  )
  expect(decodeState(apple)).toEqual({
    authProviderId: 'apple',
    requestKey: 'request-key',
    turnkeyPublicKey,
    redirectUrl: 'http://localhost:5173/auth/return',
  })
  const facebook = urlFor('facebook')
  expect(facebook).toBe(
    `https://www.facebook.com/v19.0/dialog/oauth?${redirect}&scope=openid+email&${tail(new URL(facebook).searchParams.get('state')!, 'f-client')}&sdk=joey`,
  )
  const twitch = urlFor('twitch')
  expect(twitch).toBe(
    `https://id.twitch.tv/oauth2/authorize?${redirect}&scope=openid+user%3Aread%3Aemail&${tail(new URL(twitch).searchParams.get('state')!, 't-client')}&force_verify=true&claims=${encodeURIComponent('{"id_token":{"email":null}}')}`,
  )
  const auth0 = urlFor('auth0', { auth0Connection: 'github' })
  expect(auth0).toBe(
    `https://tenant.auth0.com/authorize?${redirect}&scope=openid+email&${tail(new URL(auth0).searchParams.get('state')!, 'z-client')}&connection=github`,
  )
  const custom = urlFor('corp', {
    isCustomProvider: true,
    scope: 'openid profile',
    otherParameters: { prompt: 'login' },
  })
  expect(custom).toBe(
    `https://id.corp.example/auth?${redirect}&scope=openid+profile&${tail(new URL(custom).searchParams.get('state')!, 'c-client').replace('prompt=select_account', 'prompt=login')}`,
  )
  expect(decodeState(custom).isCustomProvider).toBe(true)
})

test('error: providers missing, unknown provider, no default scope', () => {
  const base = { turnkeyPublicKey, oauthCallbackUrl }
  expect(() =>
    getOauthProviderUrl({
      ...base,
      oauthConfig: { codeChallenge: 'c', requestKey: 'r' },
      oauthParameters: { authProviderId: 'google', mode: 'popup' },
    }),
  ).toThrow('OAuth providers not found')
  expect(() =>
    getOauthProviderUrl({
      ...base,
      oauthConfig,
      oauthParameters: { authProviderId: 'github', mode: 'popup' },
    }),
  ).toThrow('No auth provider found with id github')
  expect(() =>
    getOauthProviderUrl({
      ...base,
      oauthConfig,
      oauthParameters: { authProviderId: 'google', isCustomProvider: true, mode: 'popup' },
    }),
  ).toThrow('No auth provider found with id google')
  expect(() =>
    getOauthProviderUrl({
      ...base,
      oauthConfig,
      oauthParameters: { authProviderId: 'corp', isCustomProvider: true, mode: 'popup' },
    }),
  ).toThrow('Default scope not known for provider corp')
})
