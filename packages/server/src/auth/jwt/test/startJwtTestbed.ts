import type { StoreDialect } from '../../../store/createStore.js'
import { createTargetKey } from '../../../test/createTargetKey.js'
import { createTestServer, type TestKey, type TestServer } from '../../../test/createTestServer.js'
import { createTestClock } from '../../mfa/test/createTestClock.js'
import { addJwtIssuer } from '../addJwtIssuer.js'
import type { JwtIssuerInput } from '../jwtIssuerSchema.js'
import { createIssuerKey, type IssuerKey } from './createIssuerKey.js'
import { type JwksServer, startJwksServer } from './startJwksServer.js'

export const testIssuer = 'https://auth.example.test'
export const testAudience = 'sigil-test-app'

export type JwtSignInAnswer = { status: number; body: Record<string, unknown> }

export type JwtTestbed = {
  server: TestServer
  clock: ReturnType<typeof createTestClock>
  jwks: JwksServer
  /** The issuer's current signing key, served by `jwks`. */
  key: IssuerKey
  /** A new key of the issuer (same `iss` and `aud`), not served until put in `jwks.keys`. */
  newKey(alg?: string): Promise<IssuerKey>
  /** POSTs `/signer/v1/auth-jwt` with the test app's key; `open` gets the session from the bundle. */
  signIn(
    jwt: string,
    extra?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<JwtSignInAnswer & { open(): Promise<TestKey> }>
  /** Registers an issuer for the test app. */
  addIssuer(input: JwtIssuerInput): Promise<void>
  close(): Promise<void>
}

/**
 * A Sigil server (on `dialect`, on a clock tests move) whose test app trusts the issuer
 * {@link testIssuer} for {@link testAudience}, whose keys a real JWKS server on 127.0.0.1 serves.
 *
 * @example
 * const testbed = await startJwtTestbed('sqlite')
 * const answer = await testbed.signIn(await testbed.key.sign({ sub: 'user-1' }))
 */
export async function startJwtTestbed(dialect: StoreDialect): Promise<JwtTestbed> {
  const clock = createTestClock()
  const server = await createTestServer(dialect, { now: clock.now })
  const key = await createIssuerKey({ issuer: testIssuer, audience: testAudience, now: clock.now })
  const jwks = await startJwksServer([key.publicJwk])
  const addIssuer = async (input: JwtIssuerInput) => {
    await addJwtIssuer(server.store.db, { ...input, appId: server.signerApp.appId, now: clock.now() })
  }
  await addIssuer({ issuer: testIssuer, jwksUrl: jwks.url, audience: testAudience })
  return {
    server,
    clock,
    jwks,
    key,
    newKey: (alg) => createIssuerKey({ issuer: testIssuer, audience: testAudience, alg, now: clock.now }),
    addIssuer,
    async signIn(jwt, extra = {}, headers) {
      const target = createTargetKey()
      const response = await server.signer(
        '/v1/auth-jwt',
        { jwt, targetPublicKey: target.publicKey, ...extra },
        headers,
      )
      const body = (await response.json()) as Record<string, unknown>
      return {
        status: response.status,
        body,
        open: () => target.open(body.credentialBundle as string),
      }
    },
    async close() {
      await jwks.close()
      await server.cleanup()
    },
  }
}
