import { Buffer } from 'node:buffer'
import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { decodeOauthState } from './decodeOauthState.js'
import { encodeOauthState } from './encodeOauthState.js'
import { getOauthNonce } from './getOauthNonce.js'
import type { OauthState } from './OauthState.js'

const turnkeyPublicKey = `04${'ab'.repeat(64)}`
const state: OauthState = {
  authProviderId: 'google',
  requestKey: 'A'.repeat(43),
  turnkeyPublicKey,
  expirationSeconds: 900,
  redirectUrl: 'https://app.example/return',
}

// The known answer, computed here without the code under test: the JSON in the fixed key order.
const knownJson = `{"authProviderId":"google","requestKey":"${'A'.repeat(43)}","turnkeyPublicKey":"${turnkeyPublicKey}","expirationSeconds":900,"redirectUrl":"https://app.example/return"}`
const knownState = Buffer.from(knownJson, 'utf8').toString('base64url')

describe('encodeOauthState', () => {
  test('default', () => {
    expect(encodeOauthState(state)).toBe(knownState)
  })

  test('behavior: keys in the fixed order whatever the input order, undefined keys dropped', () => {
    const shuffled: OauthState = {
      openerOrigin: undefined,
      redirectUrl: state.redirectUrl,
      expirationSeconds: 900,
      turnkeyPublicKey,
      requestKey: state.requestKey,
      isCustomProvider: undefined,
      authProviderId: 'google',
    }
    expect(encodeOauthState(shuffled)).toBe(knownState)
  })

  test('behavior: round-trips through decodeOauthState', () => {
    const popup: OauthState = {
      authProviderId: 'custom',
      isCustomProvider: true,
      requestKey: 'b_-9'.repeat(10).concat('xyz'),
      turnkeyPublicKey: `02${'cd'.repeat(32)}`,
      openerOrigin: 'https://app.example',
    }
    expect(decodeOauthState(encodeOauthState(state))).toEqual(state)
    expect(decodeOauthState(encodeOauthState(popup))).toEqual(popup)
  })
})

describe('decodeOauthState', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')

  test('default', () => {
    expect(decodeOauthState(knownState)).toEqual(state)
  })

  test('behavior: drops unknown keys and accepts a numeric string for expirationSeconds', () => {
    expect(decodeOauthState(encode({ ...state, expirationSeconds: '60', extra: 1 }))).toEqual({
      ...state,
      expirationSeconds: 60,
    })
  })

  test("behavior: Account Kit's fetchIdTokenOnly is kept when true, dropped when false", () => {
    const linking: OauthState = { ...state, fetchIdTokenOnly: true }
    expect(decodeOauthState(encodeOauthState(linking))).toEqual(linking)
    expect(decodeOauthState(encode({ ...state, fetchIdTokenOnly: false }))).toEqual(state)
    expect(decodeOauthState(encode({ ...state, fetchIdTokenOnly: 'true' }))).toBeUndefined()
  })

  test('error: anything but the SDK state is undefined', () => {
    expect(decodeOauthState(undefined)).toBeUndefined()
    expect(decodeOauthState(null)).toBeUndefined()
    expect(decodeOauthState('')).toBeUndefined()
    expect(decodeOauthState(`${knownState}=`)).toBeUndefined()
    expect(decodeOauthState('a'.repeat(8193))).toBeUndefined()
    expect(decodeOauthState(Buffer.from('not json').toString('base64url'))).toBeUndefined()
    expect(decodeOauthState(Buffer.from([0xff, 0xfe]).toString('base64url'))).toBeUndefined()
    expect(decodeOauthState(encode([state]))).toBeUndefined()
    expect(decodeOauthState(encode({ ...state, authProviderId: '' }))).toBeUndefined()
    expect(decodeOauthState(encode({ ...state, isCustomProvider: 'yes' }))).toBeUndefined()
    expect(decodeOauthState(encode({ ...state, requestKey: 'short' }))).toBeUndefined()
    expect(decodeOauthState(encode({ ...state, turnkeyPublicKey: '04ab' }))).toBeUndefined()
    expect(decodeOauthState(encode({ ...state, expirationSeconds: 1.5 }))).toBeUndefined()
    expect(decodeOauthState(encode({ ...state, expirationSeconds: 0 }))).toBeUndefined()
    expect(decodeOauthState(encode({ ...state, redirectUrl: 'x'.repeat(2049) }))).toBeUndefined()
    expect(decodeOauthState(encode({ ...state, openerOrigin: 1 }))).toBeUndefined()
  })
})

describe('getOauthNonce', () => {
  test('default', () => {
    // SHA-256 of the key's hex characters, not of the key bytes.
    const known = createHash('sha256').update(turnkeyPublicKey, 'utf8').digest('hex')
    expect(getOauthNonce(turnkeyPublicKey)).toBe(known)
    expect(getOauthNonce('04ab')).toBe('97e237a8ba1d1171a2d9c6e3fe80fc7e4e227f43eb268469d7148317bee72875')
  })

  test('behavior: lowercase hex without 0x', () => {
    expect(getOauthNonce(turnkeyPublicKey)).toMatch(/^[0-9a-f]{64}$/)
  })
})
