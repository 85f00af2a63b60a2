import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addJwtIssuer } from '../../src/auth/jwt/addJwtIssuer.js'
import { createIssuerKey, type IssuerKey } from '../../src/auth/jwt/test/createIssuerKey.js'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createTargetKey } from '../../src/test/createTargetKey.js'
import { createTestServer, type TestServer } from '../../src/test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'
import { type Answer, json, send } from './sendFromAddress.js'

/*
 * Custom JWT sign-in (`/v1/auth-jwt`) per client IP, through the real listener (a different source
 * address is a real one on 127/8): an address that sends refused tokens is cut off after its budget
 * while others keep signing in, and an app backend that mints tokens for anyone (guest sessions)
 * cannot be used to make wallets in bulk from one address. Small budgets here; the defaults are in
 * docs/security.md.
 */

const issuer = 'https://auth.limits.test'
const audience = 'sigil-limits-app'

describe.each(storeDialects)('custom JWT rate limits on %s', (dialect) => {
  let server: TestServer
  let listener: LocalListener
  let key: IssuerKey
  beforeAll(async () => {
    server = await createTestServer(dialect, {
      rateLimits: {
        jwtFailuresPerIp: { points: 3, duration: 600 },
        jwtSignUpsPerIp: { points: 2, duration: 3600 },
      },
    })
    listener = await serveOnLocalPort(server.app)
    key = await createIssuerKey({ issuer, audience })
    await addJwtIssuer(server.store.db, {
      appId: server.signerApp.appId,
      issuer,
      publicKey: key.publicPem,
      audience,
      now: Date.now(),
    })
  })
  afterAll(async () => {
    await listener?.close()
    await server?.cleanup()
  })

  const signIn = (jwt: string, localAddress: string) =>
    send(`${listener.url}/signer/v1/auth-jwt`, {
      body: { jwt, targetPublicKey: createTargetKey().publicKey },
      headers: { authorization: `Bearer ${server.signerApp.apiKey}` },
      localAddress,
    })
  const expectLimited = (answer: Answer) => {
    expect(answer.status, answer.text).toBe(429)
    expect(json(answer)).toMatchObject({ code: 'RATE_LIMITED' })
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
  }
  const userCount = async () => (await server.store.db.selectFrom('users').select('id').execute()).length

  test('error: after its budget of refused tokens an address is cut off, even with a good token; another address signs in', async () => {
    const prober = '127.0.0.4'
    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await signIn(await key.sign({ sub: 'probe', aud: 'another-audience' }), prober)
      expect(refused.status, refused.text).toBe(401)
    }
    const good = await key.sign({ sub: 'prober-user' })
    expectLimited(await signIn(good, prober))
    // The refusal did not use the token up: from an address in good standing it signs in.
    const elsewhere = await signIn(good, '127.0.0.5')
    expect(elsewhere.status, elsewhere.text).toBe(200)
    expect(json(elsewhere)).toMatchObject({ isSignUp: true })
  })

  test('error: the third new user from one address within the hour is refused, and the token stays good; known users still sign in', async () => {
    const guestHost = '127.0.0.6'
    for (const sub of ['guest-1', 'guest-2']) {
      const answer = await signIn(await key.sign({ sub }), guestHost)
      expect(answer.status, answer.text).toBe(200)
      expect(json(answer)).toMatchObject({ isSignUp: true })
    }
    const users = await userCount()
    const third = await key.sign({ sub: 'guest-3' })
    expectLimited(await signIn(third, guestHost))
    expect(await userCount()).toBe(users)
    // A user made before signs in again from the same address: only sign-ups are limited.
    const again = await signIn(await key.sign({ sub: 'guest-1' }), guestHost)
    expect(again.status, again.text).toBe(200)
    expect(json(again)).toMatchObject({ isSignUp: false })
    // The refused token was not used up.
    const elsewhere = await signIn(third, '127.0.0.7')
    expect(elsewhere.status, elsewhere.text).toBe(200)
    expect(json(elsewhere)).toMatchObject({ isSignUp: true })
  })
})
