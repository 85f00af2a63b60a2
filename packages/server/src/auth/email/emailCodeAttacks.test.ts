import { afterEach, describe, expect, test } from 'vitest'
import { createRateLimits } from '../../http/createRateLimits.js'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createTargetKey } from '../../test/createTargetKey.js'
import { createTestServer, type TestServer } from '../../test/createTestServer.js'
import { readMailboxCode } from './test/readMailboxCode.js'

/** Attacks on email codes: guessing, replay, expiry, cross-account use, flooding. */

const invalidOtpCode = { error: 'invalid OTP code', code: 'INVALID_OTP_CODE' }
/** The same text (Account Kit apps show what they always did); the code says to ask for a new one. */
const deadOtpCode = { error: 'invalid OTP code', code: 'OTP_CODE_EXPIRED' }

describe.each(storeDialects)('email code attacks on %s', (dialect) => {
  let server: TestServer
  afterEach(async () => {
    await server?.cleanup()
  })

  const target = createTargetKey()
  const signup = async (email: string) => {
    const response = await server.signer('/v1/signup', { email, targetPublicKey: target.publicKey })
    expect(response.status).toBe(200)
    const { orgId, otpId } = (await response.json()) as { orgId: string; otpId: string }
    return { orgId, otpId, otpCode: await readMailboxCode(server, email) }
  }
  const submit = (body: { orgId: string; otpId: string; otpCode: string }) =>
    server.signer('/v1/otp', { ...body, targetPublicKey: target.publicKey })
  const expectInvalid = async (response: Response) => {
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual(invalidOtpCode)
  }
  const expectDead = async (response: Response) => {
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual(deadOtpCode)
  }
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  test('error: after 3 wrong attempts the 4th fails even with the right code; the 3rd says the code is dead', async () => {
    server = await createTestServer(dialect)
    const code = await signup('ada@example.com')
    for (let attempt = 0; attempt < 2; attempt++)
      await expectInvalid(await submit({ ...code, otpCode: wrongCode(code.otpCode) }))
    await expectDead(await submit({ ...code, otpCode: wrongCode(code.otpCode) }))
    await expectDead(await submit(code))
  })

  test('behavior: a right code after 2 wrong attempts still works', async () => {
    server = await createTestServer(dialect)
    const code = await signup('ada@example.com')
    for (let attempt = 0; attempt < 2; attempt++)
      await expectInvalid(await submit({ ...code, otpCode: wrongCode(code.otpCode) }))
    expect(await (await submit(code)).json()).toMatchObject({ status: 'SUCCESS' })
  })

  test('error: an expired code fails', async () => {
    server = await createTestServer(dialect, { otpLifetimeSeconds: 120 })
    const code = await signup('ada@example.com')
    const start = Date.now()
    server.app.sigil.now = () => start + 121_000
    await expectDead(await submit(code))
  })

  test('error: a used code cannot be used again', async () => {
    server = await createTestServer(dialect)
    const code = await signup('ada@example.com')
    expect((await submit(code)).status).toBe(200)
    await expectDead(await submit(code))
  })

  test('error: of two concurrent right answers only one signs in', async () => {
    server = await createTestServer(dialect)
    const code = await signup('ada@example.com')
    const statuses = (await Promise.all([submit(code), submit(code), submit(code)])).map(
      (response) => response.status,
    )
    expect(statuses.sort()).toEqual([200, 400, 400])
    expect(
      await server.store.db
        .selectFrom('api_keys')
        .select('id')
        .where('credential_type', '=', 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256')
        .execute(),
    ).toHaveLength(1)
  })

  test("error: user A's code with user B's orgId fails, and so does A's orgId with B's code", async () => {
    server = await createTestServer(dialect)
    const alice = await signup('alice@example.com')
    const bob = await signup('bob@example.com')
    await expectInvalid(await submit({ ...alice, orgId: bob.orgId }))
    await expectInvalid(await submit({ orgId: alice.orgId, otpId: bob.otpId, otpCode: bob.otpCode }))
    // Neither code was spent by the attempts.
    expect((await submit(alice)).status).toBe(200)
    expect((await submit(bob)).status).toBe(200)
  })

  test('error: unknown otpId, malformed code and a code of another app fail alike, never as a dead code', async () => {
    server = await createTestServer(dialect)
    const code = await signup('ada@example.com')
    await expectInvalid(await submit({ ...code, otpId: '00000000-0000-7000-8000-000000000000' }))
    await expectInvalid(await submit({ ...code, otpCode: 'abc' }))
    const { createApp } = await import('../../apps/createApp.js')
    const other = await createApp(server.store.db, {
      name: 'other',
      origins: ['https://other.example'],
      now: Date.now(),
    })
    const response = await server.signer(
      '/v1/otp',
      { ...code, targetPublicKey: target.publicKey },
      { authorization: `Bearer ${other.apiKey}` },
    )
    await expectInvalid(response)
  })

  test('behavior: a 4th live code kills the oldest', async () => {
    server = await createTestServer(dialect)
    const codes = [await signup('ada@example.com')]
    for (let send = 0; send < 2; send++) {
      const response = await server.signer('/v1/signup', {
        email: 'ada@example.com',
        targetPublicKey: target.publicKey,
      })
      const { orgId, otpId } = (await response.json()) as { orgId: string; otpId: string }
      codes.push({ orgId, otpId, otpCode: await readMailboxCode(server, 'ada@example.com') })
    }
    // A new rate-limit window (3 sends per 3 minutes) without waiting for it.
    await server.app.sigil.rateLimits.close()
    server.app.sigil.rateLimits = createRateLimits()
    const response = await server.signer('/v1/signup', {
      email: 'ada@example.com',
      targetPublicKey: target.publicKey,
    })
    const { orgId, otpId } = (await response.json()) as { orgId: string; otpId: string }
    codes.push({ orgId, otpId, otpCode: await readMailboxCode(server, 'ada@example.com') })

    await expectDead(await submit(codes[0]!))
    for (const code of codes.slice(1)) expect((await submit(code)).status).toBe(200)
  })

  test('error: the 4th send to one address within 3 minutes is 429 with Retry-After', async () => {
    server = await createTestServer(dialect)
    await signup('ada@example.com')
    for (let send = 0; send < 2; send++)
      expect(
        (await server.signer('/v1/signup', { email: 'ada@example.com', targetPublicKey: target.publicKey }))
          .status,
      ).toBe(200)
    const limited = await server.signer('/v1/signup', {
      email: 'ada@example.com',
      targetPublicKey: target.publicKey,
    })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(170)
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(180)
    expect(await limited.json()).toEqual({
      error: 'too many sign-in emails for this address',
      code: 'RATE_LIMITED',
    })
    const again = await server.signer('/v1/signup', {
      email: 'ada@example.com',
      targetPublicKey: target.publicKey,
    })
    expect(again.status).toBe(429)
    // Only the three allowed mails went out.
    expect(await server.store.db.selectFrom('dev_mail').selectAll().execute()).toHaveLength(3)
    // Another address is not affected.
    expect(
      (await server.signer('/v1/signup', { email: 'bob@example.com', targetPublicKey: target.publicKey }))
        .status,
    ).toBe(200)
  })
})
