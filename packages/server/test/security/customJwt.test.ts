import { randomUUID } from 'node:crypto'
import { SignJWT, UnsecuredJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../../src/apps/createApp.js'
import { addJwtIssuer } from '../../src/auth/jwt/addJwtIssuer.js'
import { createIssuerKey } from '../../src/auth/jwt/test/createIssuerKey.js'
import {
  type JwtTestbed,
  startJwtTestbed,
  testAudience,
  testIssuer,
} from '../../src/auth/jwt/test/startJwtTestbed.js'
import { storeDialects } from '../../src/store/test/storeDialects.js'

/*
 * Attacks on custom JWT sign-in (`/v1/auth-jwt`), against a real JWKS server on 127.0.0.1: every
 * refusal answers 401 `{ error, code }` (no session, no user made), a used token never signs in twice,
 * and a token of one app (tenant) never signs in to another.
 */

const refused = (code: string) => ({ status: 401, body: { error: expect.any(String), code } })

describe.each(storeDialects)('custom JWT attacks on %s', (dialect) => {
  let testbed: JwtTestbed
  const seconds = () => Math.floor(testbed.clock.now() / 1000)
  const userCount = async () =>
    (await testbed.server.store.db.selectFrom('users').select('id').execute()).length

  beforeAll(async () => {
    testbed = await startJwtTestbed(dialect)
  })
  afterAll(() => testbed.close())

  test('error: an expired token', async () => {
    const jwt = await testbed.key.sign({ iat: seconds() - 600, exp: seconds() - 120 })
    expect(await testbed.signIn(jwt)).toMatchObject(refused('JWT_EXPIRED'))
  })

  test('error: a token without exp', async () => {
    const jwt = await testbed.key.sign({ exp: undefined })
    expect(await testbed.signIn(jwt)).toMatchObject(refused('JWT_EXPIRED'))
  })

  test('error: a token whose exp is days away (a near-permanent credential)', async () => {
    const jwt = await testbed.key.sign({ exp: seconds() + 3 * 24 * 3600 })
    expect(await testbed.signIn(jwt)).toMatchObject(refused('JWT_LIFETIME_TOO_LONG'))
  })

  test('error: nbf in the future', async () => {
    const jwt = await testbed.key.sign({ nbf: seconds() + 600 })
    expect(await testbed.signIn(jwt)).toMatchObject(refused('JWT_NOT_YET_VALID'))
  })

  test('error: iat in the future', async () => {
    const jwt = await testbed.key.sign({ iat: seconds() + 600 })
    expect(await testbed.signIn(jwt)).toMatchObject(refused('JWT_NOT_YET_VALID'))
  })

  test('error: the wrong audience', async () => {
    const jwt = await testbed.key.sign({ aud: 'some-other-app' })
    expect(await testbed.signIn(jwt)).toMatchObject(refused('JWT_AUDIENCE_MISMATCH'))
  })

  test('error: an issuer the app did not register', async () => {
    const jwt = await testbed.key.sign({ iss: 'https://evil.example.test' })
    expect(await testbed.signIn(jwt)).toMatchObject(refused('JWT_ISSUER_UNKNOWN'))
  })

  test('error: alg none (an unsigned token)', async () => {
    const before = await userCount()
    const jwt = new UnsecuredJWT({ sub: 'admin', aud: testAudience, jti: randomUUID() })
      .setIssuer(testIssuer)
      .setIssuedAt(seconds())
      .setExpirationTime(seconds() + 300)
      .encode()
    expect(await testbed.signIn(jwt)).toMatchObject(refused('JWT_ALGORITHM_NOT_ALLOWED'))
    expect(await userCount()).toBe(before)
  })

  test('error: HS256 keyed with the issuer public key (JWKS issuer)', async () => {
    const claims = { iss: testIssuer, aud: testAudience, sub: 'admin', jti: randomUUID() }
    for (const secret of [
      new TextEncoder().encode(testbed.key.publicPem),
      new TextEncoder().encode(JSON.stringify(testbed.key.publicJwk)),
    ]) {
      const jwt = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', kid: testbed.key.kid })
        .setIssuedAt(seconds())
        .setExpirationTime(seconds() + 300)
        .sign(secret)
      expect(await testbed.signIn(jwt)).toMatchObject(refused('JWT_ALGORITHM_NOT_ALLOWED'))
    }
  })

  test('error: HS256 keyed with the static PEM of a static-key issuer', async () => {
    const issuer = 'https://static-hmac.example.test'
    const key = await createIssuerKey({ issuer, audience: testAudience, now: testbed.clock.now })
    await testbed.addIssuer({ issuer, publicKey: key.publicPem, audience: testAudience })
    const jwt = await new SignJWT({ iss: issuer, aud: testAudience, sub: 'admin', jti: randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(seconds())
      .setExpirationTime(seconds() + 300)
      .sign(new TextEncoder().encode(key.publicPem))
    expect(await testbed.signIn(jwt)).toMatchObject(refused('JWT_ALGORITHM_NOT_ALLOWED'))
  })

  test('error: an issuer cannot be registered with HMAC, none, or a private or shared key', async () => {
    const appId = testbed.server.signerApp.appId
    const base = { appId, issuer: 'https://bad.example.test', audience: 'a', now: Date.now() }
    const key = await createIssuerKey({ issuer: 'x', audience: 'a' })
    await expect(
      addJwtIssuer(testbed.server.store.db, {
        ...base,
        publicKey: key.publicPem,
        algorithms: ['HS256' as 'RS256'],
      }),
    ).rejects.toMatchObject({ errorCode: 'INVALID_REQUEST' })
    await expect(
      addJwtIssuer(testbed.server.store.db, {
        ...base,
        publicKey: key.publicPem,
        algorithms: ['none' as 'RS256'],
      }),
    ).rejects.toMatchObject({ errorCode: 'INVALID_REQUEST' })
    await expect(
      addJwtIssuer(testbed.server.store.db, {
        ...base,
        publicKey: JSON.stringify({ kty: 'oct', k: 'c2VjcmV0' }),
      }),
    ).rejects.toMatchObject({ errorCode: 'INVALID_REQUEST' })
    await expect(
      addJwtIssuer(testbed.server.store.db, {
        ...base,
        publicKey: JSON.stringify({ ...key.publicJwk, d: 'AAAA' }),
      }),
    ).rejects.toMatchObject({ errorCode: 'INVALID_REQUEST' })
    await expect(
      addJwtIssuer(testbed.server.store.db, { ...base, jwksUrl: 'http://issuer.example.test/jwks.json' }),
    ).rejects.toMatchObject({ errorCode: 'INVALID_REQUEST' })
  })

  test('error: a shared (oct) key slipped into the JWKS is never used', async () => {
    const secret = new TextEncoder().encode('a-shared-secret-of-32-bytes-long!')
    testbed.jwks.keys = [
      ...testbed.jwks.keys,
      { kty: 'oct', kid: 'shared', k: Buffer.from(secret).toString('base64url'), alg: 'HS256' },
    ]
    testbed.clock.advance(61_000)
    try {
      const jwt = await new SignJWT({ iss: testIssuer, aud: testAudience, sub: 'admin', jti: randomUUID() })
        .setProtectedHeader({ alg: 'HS256', kid: 'shared' })
        .setIssuedAt(seconds())
        .setExpirationTime(seconds() + 300)
        .sign(secret)
      expect(await testbed.signIn(jwt)).toMatchObject(refused('JWT_ALGORITHM_NOT_ALLOWED'))
    } finally {
      testbed.jwks.keys = [testbed.key.publicJwk]
    }
  })

  test('error: a signature by another key under the issuer kid', async () => {
    const forger = await createIssuerKey({
      issuer: testIssuer,
      audience: testAudience,
      kid: testbed.key.kid,
      now: testbed.clock.now,
    })
    expect(await testbed.signIn(await forger.sign({ sub: 'admin' }))).toMatchObject(refused('JWT_INVALID'))
  })

  test('error: a payload changed after signing', async () => {
    const jwt = await testbed.key.sign({ sub: 'mallory' })
    const [header, payload, signature] = jwt.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url')
    expect(await testbed.signIn(`${header}.${forged}.${signature}`)).toMatchObject(refused('JWT_INVALID'))
  })

  test('error: a replayed token (jti), even sent twice at once', async () => {
    const jwt = await testbed.key.sign({ sub: 'replayed' })
    const answers = await Promise.all([testbed.signIn(jwt), testbed.signIn(jwt), testbed.signIn(jwt)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401])
    for (const answer of answers.filter((each) => each.status === 401))
      expect(answer).toMatchObject(refused('JWT_REPLAYED'))
    expect(await testbed.signIn(jwt)).toMatchObject(refused('JWT_REPLAYED'))
  })

  test('error: a replayed token without jti', async () => {
    const jwt = await testbed.key.sign({ sub: 'no-jti', jti: undefined })
    expect((await testbed.signIn(jwt)).status).toBe(200)
    expect(await testbed.signIn(jwt)).toMatchObject(refused('JWT_REPLAYED'))
  })

  test('error: a token without the user claim', async () => {
    const before = await userCount()
    expect(await testbed.signIn(await testbed.key.sign({ sub: undefined }))).toMatchObject(
      refused('JWT_USER_CLAIM_MISSING'),
    )
    expect(await testbed.signIn(await testbed.key.sign({ sub: 42 }))).toMatchObject(
      refused('JWT_USER_CLAIM_MISSING'),
    )
    expect(await userCount()).toBe(before)
  })

  test('error: a JWT of another app (tenant) does not sign in to this one', async () => {
    const db = testbed.server.store.db
    const other = await createApp(db, { name: 'other', origins: ['https://other.example'], now: Date.now() })
    const otherHeaders = { authorization: `Bearer ${other.apiKey}` }
    // The other app trusts its own issuer: this app knows nothing of it.
    const otherIssuer = 'https://other-tenant.example.test'
    const otherKey = await createIssuerKey({
      issuer: otherIssuer,
      audience: 'other-app',
      now: testbed.clock.now,
    })
    await addJwtIssuer(db, {
      appId: other.appId,
      issuer: otherIssuer,
      publicKey: otherKey.publicPem,
      audience: 'other-app',
      now: Date.now(),
    })
    const otherToken = await otherKey.sign({ sub: 'victim' })
    expect(await testbed.signIn(otherToken)).toMatchObject(refused('JWT_ISSUER_UNKNOWN'))
    // It still works where it belongs (the refusal above did not use it up).
    const atHome = await testbed.signIn(otherToken, {}, otherHeaders)
    expect(atHome).toMatchObject({ status: 200, body: { isSignUp: true } })

    // Both apps trust one issuer, each for its own audience: a token for the other app is refused here.
    await addJwtIssuer(db, {
      appId: other.appId,
      issuer: testIssuer,
      jwksUrl: testbed.jwks.url,
      audience: 'other-app',
      now: Date.now(),
    })
    const forOther = await testbed.key.sign({ sub: 'shared-subject', aud: 'other-app' })
    expect(await testbed.signIn(forOther)).toMatchObject(refused('JWT_AUDIENCE_MISMATCH'))
    const there = await testbed.signIn(forOther, {}, otherHeaders)
    expect(there.status).toBe(200)
    // The same subject in this app is another user, with another organization.
    const here = await testbed.signIn(await testbed.key.sign({ sub: 'shared-subject' }))
    expect(here).toMatchObject({ status: 200, body: { isSignUp: true } })
    expect(here.body.orgId).not.toBe(there.body.orgId)
  })

  test('error: malformed input is 400 REQUEST_INVALID, a bad target key 400 before the token is used', async () => {
    const answer = await testbed.signIn('not-a-jwt')
    expect(answer.status).toBe(400)
    expect(answer.body.code).toBe('REQUEST_INVALID')
    const jwt = await testbed.key.sign()
    const badKey = await testbed.server.signer('/v1/auth-jwt', {
      jwt,
      targetPublicKey: `04${'11'.repeat(64)}`,
    })
    expect(badKey.status).toBe(400)
    expect(((await badKey.json()) as { code: string }).code).toBe('INVALID_TARGET_PUBLIC_KEY')
    expect((await testbed.signIn(jwt)).status).toBe(200)
  })

  test('error: refusals carry only { error, code }', async () => {
    const answer = await testbed.signIn(await testbed.key.sign({ aud: 'nope' }))
    expect(Object.keys(answer.body).sort()).toEqual(['code', 'error'])
    expect(JSON.stringify(answer.body)).not.toMatch(/eyJ/)
  })
})
