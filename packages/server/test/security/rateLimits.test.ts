import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { base64urlEncode } from '@sigil/protocol'
import { afterEach, describe, expect, test } from 'vitest'
import { createApp } from '../../src/apps/createApp.js'
import { readMailboxCode } from '../../src/auth/email/test/readMailboxCode.js'
import type { SigilServerConfig } from '../../src/resolveConfig.js'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createSoftwarePasskey } from '../../src/test/createSoftwarePasskey.js'
import { createTargetKey } from '../../src/test/createTargetKey.js'
import {
  createTestServer,
  type TestServer,
  testAppOrigin,
  testMasterKey,
} from '../../src/test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'
import { spawnServer } from '../../src/test/spawnServer.js'
import { type NginxProxy, startNginxProxy } from '../../src/test/startNginxProxy.js'
import { type Answer, json, send } from './sendFromAddress.js'

/**
 * Hole 9: per-IP limits read only the socket address, so behind a reverse proxy every user shared one
 * bucket; passkey sign-ups had no limit at all (~120 organizations with wallets in seconds); and
 * wrong email codes were only counted per code, so an account could be guessed at across many codes.
 * Every request here goes through the real listener; a different source address is a real one
 * (127.0.0.2, 127.0.0.3: the whole 127/8 is loopback), not a header.
 */

describe.each(storeDialects)('rate-limit attacks on %s', (dialect) => {
  let server: TestServer | undefined
  let listener: LocalListener | undefined
  let proxy: NginxProxy | undefined
  afterEach(async () => {
    await proxy?.close()
    await listener?.close()
    await server?.cleanup()
    proxy = undefined
    listener = undefined
    server = undefined
  })

  const start = async (config: Partial<SigilServerConfig> = {}) => {
    server = await createTestServer(dialect, config)
    listener = await serveOnLocalPort(server.app)
    return { server, listener }
  }
  const bearer = () => ({ authorization: `Bearer ${server!.signerApp.apiKey}` })

  /**
   * A passkey sign-up (a fresh software passkey, no email) sent with `headers` from `localAddress`, to
   * the listener or to `via` (a proxy in front of it).
   */
  const passkeySignup = (headers: Record<string, string> = {}, localAddress?: string, via?: string) => {
    const passkey = createSoftwarePasskey({ rpId: 'localhost', origin: testAppOrigin })
    const challenge = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))
    const { credentialId, clientDataJson, attestationObject, transports } = passkey.register(challenge)
    return send(`${via ?? listener!.url}/signer/v1/signup`, {
      body: {
        passkey: { challenge, attestation: { credentialId, clientDataJson, attestationObject, transports } },
      },
      headers: { ...bearer(), ...headers },
      localAddress,
    })
  }
  const expectLimited = (answer: Answer, error: string) => {
    expect(answer.status).toBe(429)
    expect(json(answer)).toEqual({ error, code: 'RATE_LIMITED' })
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
  }
  const expectSignedUp = (answer: Answer) => {
    expect(answer.status, answer.text).toBe(200)
    expect(json(answer).address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  }

  test('error: hole 9 — the 11th passkey sign-up from one IP within an hour is 429', async () => {
    await start()
    for (let signup = 0; signup < 10; signup++) expectSignedUp(await passkeySignup())
    expectLimited(await passkeySignup(), 'too many passkey sign-ups from this address')
    // Another address is not affected: the bucket is the client's, not the server's.
    expectSignedUp(await passkeySignup({}, '127.0.0.2'))
    const organizations = await server!.store.db.selectFrom('organizations').select('id').execute()
    expect(organizations).toHaveLength(1 + 11)
  })

  test('error: hole 9 — with no trusted proxy, forged X-Forwarded-For / Forwarded do not escape the per-IP limit', async () => {
    await start()
    for (let signup = 0; signup < 10; signup++)
      expectSignedUp(
        await passkeySignup({
          'x-forwarded-for': `203.0.113.${signup + 1}`,
          forwarded: `for="[2001:db8::${signup + 1}]"`,
        }),
      )
    expectLimited(
      await passkeySignup({ 'x-forwarded-for': '198.51.100.77', forwarded: 'for=198.51.100.77' }),
      'too many passkey sign-ups from this address',
    )
  })

  test('error: hole 9 — behind a trusted proxy, each X-Forwarded-For client has its own bucket and a forged left part is not believed', async () => {
    // The test client plays the proxy on 127.0.0.1.
    await start({ trustedProxies: ['127.0.0.1/32', '::1/128'] })
    const alice = { 'x-forwarded-for': '203.0.113.10' }
    for (let signup = 0; signup < 10; signup++) expectSignedUp(await passkeySignup(alice))
    expectLimited(await passkeySignup(alice), 'too many passkey sign-ups from this address')
    // What Alice writes before the proxy's entry is hers to forge, and ignored.
    expectLimited(
      await passkeySignup({ 'x-forwarded-for': '198.51.100.5, 203.0.113.10' }),
      'too many passkey sign-ups from this address',
    )
    expectSignedUp(await passkeySignup({ 'x-forwarded-for': '203.0.113.11' }))
    expectSignedUp(await passkeySignup({ forwarded: 'for="[2001:db8:cafe::17]:4711";proto=https' }))
    // A peer that is not a trusted proxy is its own client, whatever it says.
    for (let signup = 0; signup < 10; signup++)
      expectSignedUp(await passkeySignup({ 'x-forwarded-for': `192.0.2.${signup}` }, '127.0.0.3'))
    expectLimited(
      await passkeySignup({ 'x-forwarded-for': '192.0.2.200' }, '127.0.0.3'),
      'too many passkey sign-ups from this address',
    )
  })

  test('error: hole 9 — behind a real nginx, two clients get separate buckets and a forged X-Forwarded-For does not escape', async () => {
    // nginx on 127.0.0.1 appends the address it saw; the clients connect to it from 127.0.0.2 and .3.
    await start({ trustedProxies: ['127.0.0.1/32'] })
    proxy = await startNginxProxy(listener!.url)
    const alice = '127.0.0.2'
    for (let signup = 0; signup < 10; signup++)
      expectSignedUp(await passkeySignup({ 'x-forwarded-for': `203.0.113.${signup}` }, alice, proxy.url))
    expectLimited(
      await passkeySignup({ 'x-forwarded-for': '198.51.100.9' }, alice, proxy.url),
      'too many passkey sign-ups from this address',
    )
    expectSignedUp(await passkeySignup({}, '127.0.0.3', proxy.url))
    // nginx passes a client's own Forwarded header on untouched. When it names someone else than the
    // X-Forwarded-For nginx wrote, the server cannot tell which one nginx vouches for and counts the
    // request as the proxy's own: one bucket that every such request shares, whoever sends it.
    for (let signup = 0; signup < 10; signup++)
      expectSignedUp(
        await passkeySignup({ forwarded: `for=198.51.100.${signup}` }, `127.0.0.${4 + signup}`, proxy.url),
      )
    expectLimited(
      await passkeySignup({ forwarded: 'for=198.51.100.99' }, alice, proxy.url),
      'too many passkey sign-ups from this address',
    )
  })

  test('error: hole 9 — behind a trusted proxy, sign-in mail is limited per client, not for everyone at once', async () => {
    await start({ trustedProxies: ['127.0.0.1'] })
    const mail = (email: string, forwardedFor: string) =>
      send(`${listener!.url}/signer/v1/signup`, {
        body: { email, targetPublicKey: createTargetKey().publicKey },
        headers: { ...bearer(), 'x-forwarded-for': forwardedFor },
      })
    for (let sent = 0; sent < 20; sent++)
      expect((await mail(`user${sent}@example.com`, '203.0.113.20')).status).toBe(200)
    expectLimited(
      await mail('one-more@example.com', '203.0.113.20'),
      'too many sign-in emails from this address',
    )
    // Before: every client behind the proxy was 127.0.0.1, so this one was refused too.
    expect((await mail('bob@example.com', '203.0.113.21')).status).toBe(200)
  })

  test('error: hole 9 — /v1/lookup (public by design) is limited per IP against bulk probing of emails', async () => {
    await start({ trustedProxies: ['127.0.0.1'] })
    const lookup = (email: string, forwardedFor: string) =>
      send(`${listener!.url}/signer/v1/lookup`, {
        body: { email },
        headers: { ...bearer(), 'x-forwarded-for': forwardedFor },
      })
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) => lookup(`probe${index}@example.com`, '203.0.113.50')),
    )
    expect(answers.map((answer) => answer.status)).toEqual(new Array(100).fill(200))
    expectLimited(await lookup('probe100@example.com', '203.0.113.50'), 'too many lookups from this address')
    expect((await lookup('someone@example.com', '203.0.113.51')).status).toBe(200)
  })

  test('error: hole 9 — passkey sign-ups are capped per app across client addresses', async () => {
    await start({
      trustedProxies: ['127.0.0.1'],
      rateLimits: { passkeySignupsPerApp: { points: 3, duration: 3600 } },
    })
    for (let signup = 0; signup < 3; signup++)
      expectSignedUp(await passkeySignup({ 'x-forwarded-for': `203.0.113.${30 + signup}` }))
    expectLimited(
      await passkeySignup({ 'x-forwarded-for': '203.0.113.40' }),
      'too many passkey sign-ups for this app',
    )
    // Another app on the same server keeps its own budget.
    const other = await createApp(server!.store.db, {
      name: 'other app',
      origins: [testAppOrigin],
      now: Date.now(),
    })
    expectSignedUp(
      await passkeySignup({ 'x-forwarded-for': '203.0.113.41', authorization: `Bearer ${other.apiKey}` }),
    )
  })

  describe('the daily cap on wrong email codes per account', () => {
    const target = createTargetKey()
    const budgets = {
      // Enough codes for one address and checks for one IP to reach the account cap in one test.
      emailSendsPerAddress: { points: 50, duration: 600 },
      emailSendsPerIp: { points: 100, duration: 600 },
      codeChecksPerIp: { points: 200, duration: 600 },
    }
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

    test('error: hole 9 — 20 wrong codes over 7 codes close the account for the day, even to its right code; another account is unaffected', async () => {
      await start({ rateLimits: budgets })
      const signer = (path: string, body: Record<string, unknown>) =>
        send(`${listener!.url}/signer${path}`, {
          body: { targetPublicKey: target.publicKey, ...body },
          headers: bearer(),
        })
      const newCode = async (email: string, path = '/v1/auth') => {
        const answer = await signer(path, { email })
        expect(answer.status, answer.text).toBe(200)
        const { orgId, otpId } = json(answer) as { orgId: string; otpId: string }
        return { orgId, otpId, otpCode: await readMailboxCode(server!, email) }
      }
      const check = (code: { orgId: string; otpId: string; otpCode: string }) => signer('/v1/otp', code)

      const guess = async (code: { orgId: string; otpId: string; otpCode: string }, times: number) => {
        for (let attempt = 0; attempt < times; attempt++) {
          const answer = await check({ ...code, otpCode: wrong(code.otpCode) })
          expect(answer.status).toBe(400)
          // The third wrong try kills the code, and says so.
          expect(json(answer)).toEqual({
            error: 'invalid OTP code',
            code: attempt < 2 ? 'INVALID_OTP_CODE' : 'OTP_CODE_EXPIRED',
          })
        }
      }
      // The victim signs up and signs in once (the address is proven; /v1/auth now mails codes).
      expect((await check(await newCode('victim@example.com', '/v1/signup'))).status).toBe(200)
      // Six codes each killed by 3 wrong guesses (18), then 2 more on a seventh: 20 in all. At most 3
      // codes are live per address, so each is guessed at before the next is asked for.
      for (let index = 0; index < 6; index++) await guess(await newCode('victim@example.com'), 3)
      const seventh = await newCode('victim@example.com')
      const kept = await newCode('victim@example.com')
      await guess(seventh, 2)

      // The right code of a live, untouched code is refused while the cap holds.
      const refused = await check(kept)
      expectLimited(refused, 'too many wrong sign-in codes for this account today')
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(86_000)
      // And no new code is mailed for the account.
      expectLimited(
        await signer('/v1/auth', { email: 'victim@example.com' }),
        'too many wrong sign-in codes for this account today',
      )

      // Another account signs in as before, and its wrong codes are still a plain 400.
      const other = await newCode('other@example.com', '/v1/signup')
      expect((await check({ ...other, otpCode: wrong(other.otpCode) })).status).toBe(400)
      const signedIn = await check(other)
      expect(signedIn.status, signedIn.text).toBe(200)
      expect(json(signedIn)).toMatchObject({ status: 'SUCCESS' })
    })

    test('error: hole 9 — wrong magic-link tokens count too; the right link then lands on an error', async () => {
      await start({ rateLimits: budgets })
      const redirectUrl = 'https://magic.example/auth/return'
      const magic = await createApp(server!.store.db, {
        name: 'magic',
        origins: ['https://magic.example'],
        emailMode: 'magic-link',
        redirectUrl,
        now: Date.now(),
      })
      const newLink = async (email: string, path = '/v1/auth') => {
        const answer = await send(`${listener!.url}/signer${path}`, {
          body: { email, targetPublicKey: target.publicKey },
          headers: { authorization: `Bearer ${magic.apiKey}` },
        })
        expect(answer.status, answer.text).toBe(200)
        const link = new URL(await readMailboxCode(server!, email))
        return `${listener!.url}${link.pathname}${link.search}`
      }
      const landing = (link: string) => {
        const answer = send(link, {})
        return answer.then((landed) => new URL(String(landed.headers.location)))
      }
      const forged = (link: string) => {
        const url = new URL(link)
        url.searchParams.set('token', base64urlEncode(crypto.getRandomValues(new Uint8Array(32))))
        return url.toString()
      }

      const guess = async (link: string, times: number) => {
        for (let attempt = 0; attempt < times; attempt++) {
          const landed = await landing(forged(link))
          // The third wrong try kills the link, and says so.
          expect(landed.searchParams.get('alchemy-error')).toBe(
            attempt < 2
              ? 'invalid or expired sign-in link'
              : 'this sign-in link was already used or has expired, ask for a new one',
          )
        }
      }
      const proven = await landing(await newLink('victim@example.com', '/v1/signup'))
      expect(proven.searchParams.get('bundle')).toBeTruthy()
      for (let index = 0; index < 6; index++) await guess(await newLink('victim@example.com'), 3)
      const seventh = await newLink('victim@example.com')
      const kept = await newLink('victim@example.com')
      await guess(seventh, 2)

      const landed = await landing(kept)
      expect(`${landed.origin}${landed.pathname}`).toBe(redirectUrl)
      expect(landed.searchParams.get('alchemy-error')).toBe(
        'too many wrong sign-in codes for this account today',
      )
      expect(landed.searchParams.get('bundle')).toBeNull()

      const other = await landing(await newLink('other@example.com', '/v1/signup'))
      expect(other.searchParams.get('alchemy-error')).toBeNull()
      expect(other.searchParams.get('bundle')).toBeTruthy()
    })
  })
})

// The setting is read before any store is opened, so one child process on a SQLite folder shows it.
describe('sigil-server start with SIGIL_TRUSTED_PROXIES', () => {
  test('behavior: the proxies it trusts are printed at start', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sigil-proxies-'))
    const running = await spawnServer(['start', '--port', '0', '--data-dir', dataDir, '--dev'], {
      SIGIL_MASTER_KEY: testMasterKey,
      SIGIL_TRUSTED_PROXIES: '10.0.0.0/8, ::1',
    })
    try {
      for (let waited = 0; waited < 10_000 && !running.output().includes('trusted proxies'); waited += 25)
        await new Promise((resolve) => setTimeout(resolve, 25))
      expect(running.output()).toContain('  trusted proxies: 10.0.0.0/8, ::1 (their X-Forwarded-For')
    } finally {
      await running.stop()
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  test('error: hole 9 — a bad entry stops the server at start with a message naming it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sigil-proxies-'))
    try {
      const outcome = await spawnServer(['start', '--port', '0', '--data-dir', dataDir, '--dev'], {
        SIGIL_MASTER_KEY: testMasterKey,
        SIGIL_TRUSTED_PROXIES: '127.0.0.1/32,10.0.0.0/33',
      }).then(
        async (running) => {
          await running.stop('SIGKILL')
          return `started at ${running.url}`
        },
        (error: Error) => error.message,
      )
      expect(outcome).toMatch(/^server exited with 1 before listening:/)
      expect(outcome).toContain('SIGIL_TRUSTED_PROXIES: "10.0.0.0/33" is not an IP address or CIDR')
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
