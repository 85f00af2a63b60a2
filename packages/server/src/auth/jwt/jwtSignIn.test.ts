import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import { stampRequest } from '../../test/createTargetKey.js'
import { enrollTestFactor } from '../mfa/test/enrollTestFactor.js'
import { totpCodeAt } from '../mfa/test/totpCodeAt.js'
import { createIssuerKey } from './test/createIssuerKey.js'
import { startJwksServer } from './test/startJwksServer.js'
import { type JwtTestbed, startJwtTestbed, testAudience } from './test/startJwtTestbed.js'

/*
 * Custom JWT sign-in (`/v1/auth-jwt`) against a real JWKS server on 127.0.0.1 whose keys are made with
 * jose: first use, the same user again, key rotation, the JWKS cache, static keys, the MFA gate.
 * The refusals are in test/security/customJwt.test.ts.
 */
describe.each(storeDialects)('custom JWT sign-in on %s', (dialect) => {
  let testbed: JwtTestbed
  beforeAll(async () => {
    testbed = await startJwtTestbed(dialect)
  })
  afterAll(() => testbed.close())

  test('default', async () => {
    const jwt = await testbed.key.sign({ sub: 'alice' })
    const answer = await testbed.signIn(jwt, { expirationSeconds: 600 })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      isSignUp: true,
      orgId: expect.any(String),
      credentialBundle: expect.any(String),
    })
    const session = await answer.open()
    const whoami = await testbed.server.signer('/v1/whoami', {
      stampedRequest: await stampRequest({ organizationId: answer.body.orgId }, session),
    })
    expect(whoami.status).toBe(200)
    const user = (await whoami.json()) as { orgId: string; address: string; solanaAddress: string }
    expect(user.orgId).toBe(answer.body.orgId)
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(user.solanaAddress).toBeTruthy()
  })

  test('behavior: the same subject signs in to the same user and wallet, not a new sign-up', async () => {
    const first = await testbed.signIn(await testbed.key.sign({ sub: 'bob' }))
    const second = await testbed.signIn(await testbed.key.sign({ sub: 'bob' }))
    expect(first.body.isSignUp).toBe(true)
    expect(second).toMatchObject({ status: 200, body: { isSignUp: false, orgId: first.body.orgId } })
    const identities = await testbed.server.store.db
      .selectFrom('jwt_identities')
      .select(['subject', 'user_id'])
      .where('subject', '=', 'bob')
      .execute()
    expect(identities).toHaveLength(1)
  })

  test('behavior: racing first sign-ins of one subject make one user', async () => {
    const tokens = await Promise.all([1, 2, 3].map(() => testbed.key.sign({ sub: 'carol' })))
    const answers = await Promise.all(tokens.map((jwt) => testbed.signIn(jwt)))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(new Set(answers.map((answer) => answer.body.orgId)).size).toBe(1)
    expect(answers.filter((answer) => answer.body.isSignUp)).toHaveLength(1)
  })

  test('behavior: a rotated key (new kid) is fetched from the JWKS', async () => {
    const before = testbed.jwks.fetches
    testbed.clock.advance(61_000)
    const rotated = await testbed.newKey('ES256')
    testbed.jwks.keys = [testbed.key.publicJwk, rotated.publicJwk]
    const answer = await testbed.signIn(await rotated.sign({ sub: 'dave' }))
    expect(answer.status).toBe(200)
    expect(testbed.jwks.fetches).toBe(before + 1)
    // The old key still works from the same fetch.
    expect((await testbed.signIn(await testbed.key.sign({ sub: 'dave' }))).status).toBe(200)
    expect(testbed.jwks.fetches).toBe(before + 1)
  })

  test('behavior: an unknown kid fetches the JWKS again at most once a minute', async () => {
    testbed.clock.advance(61_000)
    const before = testbed.jwks.fetches
    const stranger = await testbed.newKey()
    const first = await testbed.signIn(await stranger.sign({ sub: 'eve' }))
    expect(first).toMatchObject({ status: 401, body: { code: 'JWT_KEY_NOT_FOUND' } })
    expect(testbed.jwks.fetches).toBe(before + 1)
    for (let index = 0; index < 5; index++) {
      const again = await testbed.signIn(await stranger.sign({ sub: 'eve' }, { kid: `made-up-${index}` }))
      expect(again.body.code).toBe('JWT_KEY_NOT_FOUND')
    }
    expect(testbed.jwks.fetches).toBe(before + 1)
    // A minute on, the key has been published: the next unknown kid fetches again and finds it.
    testbed.clock.advance(60_000)
    testbed.jwks.keys = [...testbed.jwks.keys, stranger.publicJwk]
    expect((await testbed.signIn(await stranger.sign({ sub: 'eve' }))).status).toBe(200)
    expect(testbed.jwks.fetches).toBe(before + 2)
  })

  test('behavior: Cache-Control max-age decides when a known key set is fetched again', async () => {
    const jwks = await startJwksServer()
    const issuer = 'https://cached.example.test'
    const key = await createIssuerKey({ issuer, audience: testAudience, now: testbed.clock.now })
    jwks.keys = [key.publicJwk]
    jwks.cacheControl = 'public, max-age=300'
    await testbed.addIssuer({ issuer, jwksUrl: jwks.url, audience: testAudience })
    try {
      expect((await testbed.signIn(await key.sign())).status).toBe(200)
      expect(jwks.fetches).toBe(1)
      testbed.clock.advance(290_000)
      expect((await testbed.signIn(await key.sign())).status).toBe(200)
      expect(jwks.fetches).toBe(1)
      testbed.clock.advance(20_000)
      expect((await testbed.signIn(await key.sign())).status).toBe(200)
      expect(jwks.fetches).toBe(2)
      // The issuer is down after max-age: the stale set keeps signing users in.
      jwks.failWith = 503
      testbed.clock.advance(301_000)
      expect((await testbed.signIn(await key.sign())).status).toBe(200)
      expect(jwks.fetches).toBe(3)
    } finally {
      await jwks.close()
    }
  })

  test('behavior: no-store keeps the set a minute, not zero', async () => {
    const jwks = await startJwksServer()
    const issuer = 'https://no-store.example.test'
    const key = await createIssuerKey({ issuer, audience: testAudience, now: testbed.clock.now })
    jwks.keys = [key.publicJwk]
    jwks.cacheControl = 'no-store'
    await testbed.addIssuer({ issuer, jwksUrl: jwks.url, audience: testAudience })
    try {
      expect((await testbed.signIn(await key.sign())).status).toBe(200)
      expect((await testbed.signIn(await key.sign())).status).toBe(200)
      expect(jwks.fetches).toBe(1)
      testbed.clock.advance(61_000)
      expect((await testbed.signIn(await key.sign())).status).toBe(200)
      expect(jwks.fetches).toBe(2)
    } finally {
      await jwks.close()
    }
  })

  test('error: a JWKS that cannot be fetched answers 503, and is not asked again for a minute', async () => {
    const jwks = await startJwksServer()
    const issuer = 'https://down.example.test'
    const key = await createIssuerKey({ issuer, audience: testAudience, now: testbed.clock.now })
    jwks.keys = [key.publicJwk]
    jwks.failWith = 500
    await testbed.addIssuer({ issuer, jwksUrl: jwks.url, audience: testAudience })
    try {
      const down = await testbed.signIn(await key.sign())
      expect(down).toMatchObject({
        status: 503,
        body: { error: expect.any(String), code: 'JWT_KEYS_UNAVAILABLE' },
      })
      jwks.failWith = undefined
      expect((await testbed.signIn(await key.sign())).status).toBe(503)
      expect(jwks.fetches).toBe(1)
      testbed.clock.advance(61_000)
      expect((await testbed.signIn(await key.sign())).status).toBe(200)
      expect(jwks.fetches).toBe(2)
    } finally {
      await jwks.close()
    }
  })

  test('behavior: an issuer with a static PEM key and its own user claim', async () => {
    const issuer = 'https://static.example.test'
    const key = await createIssuerKey({
      issuer,
      audience: 'static-aud',
      alg: 'ES256',
      now: testbed.clock.now,
    })
    await testbed.addIssuer({
      issuer,
      publicKey: key.publicPem,
      audience: 'static-aud',
      userClaim: 'user_id',
      algorithms: ['ES256'],
    })
    const first = await testbed.signIn(await key.sign({ sub: undefined, user_id: 'u-1' }))
    expect(first).toMatchObject({ status: 200, body: { isSignUp: true } })
    const again = await testbed.signIn(await key.sign({ sub: 'ignored', user_id: 'u-1' }))
    expect(again).toMatchObject({ status: 200, body: { isSignUp: false, orgId: first.body.orgId } })
  })

  test('behavior: a user with a second factor gets MFA_REQUIRED and finishes with the code', async () => {
    const first = await testbed.signIn(await testbed.key.sign({ sub: 'frank' }))
    const session = await first.open()
    const orgId = first.body.orgId as string
    const whoami = await testbed.server.signer('/v1/whoami', {
      stampedRequest: await stampRequest({ organizationId: orgId }, session),
    })
    const { address } = (await whoami.json()) as { address: string }
    const user = {
      organizationId: orgId,
      userId: '',
      address: address as `0x${string}`,
      solanaAddress: '',
      email: '',
      session,
      stamp: (marker: string) =>
        stampRequest(
          {
            organizationId: orgId,
            type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
            timestampMs: String(testbed.clock.now()),
            parameters: {
              signWith: address,
              payload: marker,
              encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
              hashFunction: 'HASH_FUNCTION_NO_OP',
            },
          },
          session,
          'https://api.turnkey.com/public/v1/submit/sign_raw_payload',
        ),
    }
    const { multiFactorId, multiFactorTotpUrl } = await enrollTestFactor(testbed.server, testbed.clock, user)

    const gated = await testbed.signIn(await testbed.key.sign({ sub: 'frank' }))
    expect(gated.status).toBe(400)
    expect(gated.body).toMatchObject({
      error: 'MFA is required for this user',
      code: 'MFA_REQUIRED',
      data: {
        multiFactors: [{ multiFactorId }],
        orgId,
        isSignUp: false,
        encryptedPayload: expect.any(String),
      },
    })
    expect(gated.body.credentialBundle).toBeUndefined()
    const validated = await testbed.server.signer('/v1/auth-validate-multi-factors', {
      encryptedPayload: (gated.body.data as { encryptedPayload: string }).encryptedPayload,
      multiFactors: [
        { multiFactorId, multiFactorCode: await totpCodeAt(multiFactorTotpUrl, testbed.clock.now()) },
      ],
    })
    expect(validated.status).toBe(200)

    testbed.clock.advance(30_000)
    const along = await testbed.signIn(await testbed.key.sign({ sub: 'frank' }), {
      multiFactors: [
        { multiFactorId, multiFactorCode: await totpCodeAt(multiFactorTotpUrl, testbed.clock.now()) },
      ],
    })
    expect(along).toMatchObject({ status: 200, body: { isSignUp: false, orgId } })
  })

  test('behavior: used tokens are forgotten once they have expired', async () => {
    const jwt = await testbed.key.sign({ sub: 'grace', exp: Math.floor(testbed.clock.now() / 1000) + 60 })
    expect((await testbed.signIn(jwt)).status).toBe(200)
    const count = async () =>
      (await testbed.server.store.db.selectFrom('jwt_replays').select('jti').execute()).length
    const before = await count()
    testbed.clock.advance(10 * 60_000)
    expect((await testbed.signIn(await testbed.key.sign({ sub: 'grace' }))).status).toBe(200)
    expect(await count()).toBeLessThan(before)
  })
})
