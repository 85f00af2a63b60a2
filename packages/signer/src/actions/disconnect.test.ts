import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readMailboxCode } from '../../../server/src/auth/email/test/readMailboxCode.js'
import { storeDialects } from '../../../server/src/store/test/storeDialects.js'
import { createTestServer, type TestServer } from '../../../server/src/test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../../../server/src/test/serveOnLocalPort.js'
import { createSigner } from '../createSigner.js'
import type { Signer } from '../Signer.js'
import { createMemoryStorage } from '../session/createMemoryStorage.js'
import { createNodeFrameStamper } from '../test/createNodeFrameStamper.js'
import { waitForStatus } from '../test/createSignerTestbed.js'
import { revokeSessionKey } from './revokeSessionKey.js'

/**
 * Sign-out against the real server through its HTTP listener, on SQLite and PostgreSQL. Issue 14,
 * hole 10: a sign-out left the server-side session key valid until its expiry, so a copy of it (or
 * a stamp made with it) kept working for up to the session's lifetime.
 */
describe.each(storeDialects)('disconnect on %s', (dialect) => {
  let server: TestServer
  let listener: LocalListener
  beforeAll(async () => {
    server = await createTestServer(dialect, { devMailbox: true })
    listener = await serveOnLocalPort(server.app)
  })
  afterAll(async () => {
    await listener?.close()
    await server?.cleanup()
  })

  const createTestSigner = (fetch: typeof globalThis.fetch = globalThis.fetch) =>
    createSigner({
      connection: { rpcUrl: listener.url, apiKey: server.signerApp.apiKey },
      stamper: createNodeFrameStamper(),
      fetch,
      window: new EventTarget(),
      sessionConfig: { storage: createMemoryStorage() },
    })
  const signIn = async (signer: Signer, email: string) => {
    await signer.ready
    const pending = signer.authenticate({ type: 'email', email })
    await waitForStatus(signer, 'AWAITING_EMAIL_AUTH')
    const user = await signer.authenticate({ type: 'otp', otpCode: await readMailboxCode(server, email) })
    await pending
    return user
  }
  /** A whoami stamped by the signer's current key, to replay later as a thief with the key would. */
  const captureStampedWhoami = async (signer: Signer, organizationId: string) => {
    const stamped = await signer.stampRequest('query/whoami', { organizationId })
    return () =>
      fetch(stamped.url, {
        method: 'POST',
        body: stamped.body,
        headers: {
          'content-type': 'application/json',
          [stamped.stamp.stampHeaderName]: stamped.stamp.stampHeaderValue,
        },
      })
  }

  test('error: hole 10 — after disconnect() the session key is refused at once, not at its expiry', async () => {
    const signer = createTestSigner()
    const user = await signIn(signer, 'logout@example.com')
    const replay = await captureStampedWhoami(signer, user.orgId)
    expect((await replay()).status).toBe(200)

    await signer.disconnect()
    expect(signer.status).toBe('DISCONNECTED')
    const refused = await replay()
    expect(refused.status).toBe(401)
    expect(((await refused.json()) as { details: { turnkeyErrorCode?: string }[] }).details[0]).toMatchObject(
      {
        turnkeyErrorCode: 'PUBLIC_KEY_NOT_FOUND',
      },
    )
    signer.destroy()
  })

  test('behavior: a sign-out goes on when the server cannot be reached', async () => {
    let offline = false
    const signer = createTestSigner(async (input, init) => {
      if (offline) throw new TypeError('fetch failed')
      return globalThis.fetch(input, init)
    })
    const user = await signIn(signer, 'offline@example.com')
    const replay = await captureStampedWhoami(signer, user.orgId)
    offline = true
    await signer.disconnect()
    expect(signer.status).toBe('DISCONNECTED')
    expect(signer.sessions.getSession()).toBeUndefined()
    // Nothing reached the server: the key lives until its expiry.
    expect((await replay()).status).toBe(200)
    signer.destroy()
  })

  test('behavior: a server that does not answer holds the sign-out up for the timeout only', async () => {
    let hang = false
    const signer = createTestSigner(async (input, init) => {
      if (!hang) return globalThis.fetch(input, init)
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )
    })
    await signIn(signer, 'hang@example.com')
    hang = true
    const started = Date.now()
    expect(await revokeSessionKey(signer, { timeoutMs: 200 })).toBe(false)
    expect(Date.now() - started).toBeLessThan(2_000)
    signer.destroy()
  })

  test('behavior: a passkey session has no key to revoke and makes no request', async () => {
    const requests: string[] = []
    const signer = createTestSigner(async (input, init) => {
      requests.push(String(input))
      return globalThis.fetch(input, init)
    })
    await signer.ready
    requests.length = 0
    signer.sessions.setSession({
      type: 'passkey',
      user: { orgId: server.rootOrganizationId, userId: server.rootUserId, address: '0x' },
    })
    expect(await revokeSessionKey(signer)).toBe(false)
    expect(requests).toEqual([])
    signer.destroy()
  })
})
