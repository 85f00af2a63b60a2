import { exportSPKI, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestServer, type TestServer, testAppOrigin } from '../test/createTestServer.js'
import { createApp } from './createApp.js'
import { maxAppJwtLifetimeSeconds } from './resolveApp.js'

describe('app resolution and CORS of /signer', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer('sqlite')
  })
  afterAll(() => server.cleanup())

  const config = (headers: Record<string, string>) => server.signer('/v1/signer-config', {}, headers)

  test('default: a bearer API key picks its app', async () => {
    expect((await config({ authorization: `Bearer ${server.signerApp.apiKey}` })).status).toBe(200)
  })

  test('behavior: without a bearer, an allowed Origin picks the app (Account Kit rpcUrl mode)', async () => {
    const response = await config({ origin: testAppOrigin })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(testAppOrigin)
  })

  test('error: an unknown key, a foreign origin, or neither are refused with { error, code }', async () => {
    const unknown = await config({ authorization: 'Bearer sigil_nope' })
    expect(unknown.status).toBe(401)
    expect(await unknown.json()).toEqual({ error: 'unknown or revoked API key', code: 'APP_UNAUTHORIZED' })
    const foreign = await config({ origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    expect(await foreign.json()).toEqual({
      error: 'no app allows the origin https://evil.example',
      code: 'ORIGIN_NOT_ALLOWED',
    })
    expect((await config({})).status).toBe(401)
    expect(
      (await config({ authorization: `Bearer ${server.signerApp.apiKey}`, origin: 'https://evil.example' }))
        .status,
    ).toBe(403)
  })

  test('behavior: a preflight from an allowed origin allows the SDK headers; a foreign one gets no CORS grant', async () => {
    const preflight = (origin: string) =>
      server.app.request('/signer/v1/whoami', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,alchemy-aa-sdk-version,authorization',
        },
      })
    const allowed = await preflight(testAppOrigin)
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(testAppOrigin)
    const headers = allowed.headers.get('access-control-allow-headers')?.toLowerCase() ?? ''
    for (const header of ['content-type', 'alchemy-aa-sdk-version', 'authorization'])
      expect(headers).toContain(header)
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull()
  })

  test('behavior: a bearer JWT signed by the app key is accepted; another key is not', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256')
    const { appId } = await createApp(server.store.db, {
      name: 'jwt app',
      origins: ['https://jwt.example'],
      jwtPublicKey: await exportSPKI(publicKey),
      now: Date.now(),
    })
    const sign = (key: CryptoKey, issuer = appId) =>
      new SignJWT({}).setProtectedHeader({ alg: 'ES256' }).setIssuer(issuer).setExpirationTime('5m').sign(key)
    expect((await config({ authorization: `Bearer ${await sign(privateKey)}` })).status).toBe(200)
    const other = await generateKeyPair('ES256')
    const refused = await config({ authorization: `Bearer ${await sign(other.privateKey)}` })
    expect(refused.status).toBe(401)
    expect(((await refused.json()) as { error: string }).error).toBe('bearer JWT did not verify')
  })

  test('error: a bearer JWT without exp, or living longer than a day, is refused with { error, code }', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256')
    const { appId } = await createApp(server.store.db, {
      name: 'jwt lifetime app',
      origins: ['https://jwt-life.example'],
      jwtPublicKey: await exportSPKI(publicKey),
      now: Date.now(),
    })
    const now = Math.floor(Date.now() / 1000)
    const sign = (claims: { iat?: number; exp?: number }) => {
      const jwt = new SignJWT({}).setProtectedHeader({ alg: 'ES256' }).setIssuer(appId)
      if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat)
      if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp)
      return jwt.sign(privateKey)
    }
    const answer = async (claims: { iat?: number; exp?: number }) => {
      const response = await config({ authorization: `Bearer ${await sign(claims)}` })
      return { status: response.status, code: ((await response.json()) as { code?: string }).code }
    }
    const day = maxAppJwtLifetimeSeconds
    expect(await answer({ iat: now, exp: now + day })).toEqual({ status: 200, code: undefined })
    expect(await answer({ exp: now + day - 5 })).toEqual({ status: 200, code: undefined })
    expect(await answer({})).toEqual({ status: 401, code: 'APP_JWT_EXPIRY_REQUIRED' })
    expect(await answer({ iat: now })).toEqual({ status: 401, code: 'APP_JWT_EXPIRY_REQUIRED' })
    expect(await answer({ iat: now, exp: now + day + 60 })).toEqual({
      status: 401,
      code: 'APP_JWT_LIFETIME_TOO_LONG',
    })
    expect(await answer({ exp: now + 2 * day })).toEqual({ status: 401, code: 'APP_JWT_LIFETIME_TOO_LONG' })
    // An iat in the future does not stretch the window: the life counts from now.
    expect(await answer({ iat: now + 30 * day, exp: now + 30 * day + 60 })).toEqual({
      status: 401,
      code: 'APP_JWT_LIFETIME_TOO_LONG',
    })
    // An old iat with a near exp: the token lived longer than a day in all.
    expect(await answer({ iat: now - 2 * day, exp: now + 60 })).toEqual({
      status: 401,
      code: 'APP_JWT_LIFETIME_TOO_LONG',
    })
  })

  test('error: an app needs an origin, and its redirect must be on one', async () => {
    await expect(createApp(server.store.db, { name: 'x', origins: [], now: 0 })).rejects.toThrow(
      'at least one allowed origin',
    )
    await expect(
      createApp(server.store.db, {
        name: 'x',
        origins: ['https://a.example'],
        redirectUrl: 'https://b.example/cb',
        now: 0,
      }),
    ).rejects.toThrow('redirect URL must be on one of the allowed origins')
  })
})
