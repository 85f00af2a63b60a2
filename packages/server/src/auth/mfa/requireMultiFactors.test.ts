import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiError } from '../../http/errors/ApiError.js'
import { toSignerErrorBody } from '../../http/errors/toSignerErrorBody.js'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createTestServer, type TestServer } from '../../test/createTestServer.js'
import { enrollTotpFactor } from './enrollTotpFactor.js'
import { requireMultiFactors } from './requireMultiFactors.js'
import { createMfaTestUser } from './test/createMfaTestUser.js'
import { createTestClock } from './test/createTestClock.js'
import { totpCodeAt } from './test/totpCodeAt.js'
import { verifyTotpFactor } from './verifyTotpFactor.js'

/** The second-factor gate other sign-in flows call (`/v1/auth`, `/v1/otp`), and its error bodies. */

/** The error `work` throws, rendered as the `/signer` error handler does. */
const rejection = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`)
  return { status: error.status, ...toSignerErrorBody(error) }
}

describe.each(storeDialects)('requireMultiFactors on %s', (dialect) => {
  const clock = createTestClock()
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(dialect, { now: clock.now })
  })
  afterAll(() => server.cleanup())

  /** A user with a verified factor, enrolled directly (no routes); the clock is moved past the verify step. */
  const userWithFactor = async () => {
    const ctx = server.app.sigil
    const user = await createMfaTestUser(server)
    const factor = await enrollTotpFactor(ctx, { userId: user.userId, issuer: 'test app', label: user.email })
    await verifyTotpFactor(ctx, {
      userId: user.userId,
      multiFactorId: factor.multiFactorId,
      multiFactorCode: await totpCodeAt(factor.multiFactorTotpUrl, clock.now()),
    })
    clock.advance(30_000)
    return { user, ...factor }
  }

  test('default: the right code passes', async () => {
    const { user, multiFactorId, multiFactorTotpUrl } = await userWithFactor()
    const multiFactorCode = await totpCodeAt(multiFactorTotpUrl, clock.now())
    await expect(
      requireMultiFactors(server.app.sigil, {
        userId: user.userId,
        multiFactors: [{ multiFactorId, multiFactorCode }],
      }),
    ).resolves.toBeUndefined()
  })

  test('behavior: returns at once for a user without a verified factor', async () => {
    const ctx = server.app.sigil
    const user = await createMfaTestUser(server)
    await expect(requireMultiFactors(ctx, { userId: user.userId })).resolves.toBeUndefined()
    // A pending (unverified) factor does not gate sign-in.
    await enrollTotpFactor(ctx, { userId: user.userId, issuer: 'test app', label: user.email })
    await expect(requireMultiFactors(ctx, { userId: user.userId, multiFactors: [] })).resolves.toBeUndefined()
  })

  test('error: no code → 400 MFA_REQUIRED listing the factors', async () => {
    const { user, multiFactorId } = await userWithFactor()
    for (const multiFactors of [undefined, []])
      expect(
        await rejection(requireMultiFactors(server.app.sigil, { userId: user.userId, multiFactors })),
      ).toEqual({
        status: 400,
        error: 'MFA is required for this user',
        code: 'MFA_REQUIRED',
        data: { multiFactors: [{ multiFactorId, multiFactorType: 'totp' }] },
      })
  })

  test('error: a wrong, malformed or reused code, or an unknown factor id → 401 Invalid MFA code', async () => {
    const { user, multiFactorId, multiFactorTotpUrl } = await userWithFactor()
    const other = await userWithFactor()
    const ctx = server.app.sigil
    const right = await totpCodeAt(multiFactorTotpUrl, clock.now())
    const invalid = { status: 401, error: 'Invalid MFA code', code: 'INVALID_MFA_CODE' }
    const attempt = (id: string, code: string) =>
      rejection(
        requireMultiFactors(ctx, {
          userId: user.userId,
          multiFactors: [{ multiFactorId: id, multiFactorCode: code }],
        }),
      )

    expect(await attempt(multiFactorId, right === '999999' ? '000000' : '999999')).toEqual(invalid)
    expect(await attempt(multiFactorId, '12345')).toEqual(invalid)
    expect(await attempt('no-such-factor', right)).toEqual(invalid)
    expect(
      await attempt(other.multiFactorId, await totpCodeAt(other.multiFactorTotpUrl, clock.now())),
    ).toEqual(invalid)
    // One good and one bad entry: refused, and the good code's step is not used up.
    expect(
      await rejection(
        requireMultiFactors(ctx, {
          userId: user.userId,
          multiFactors: [
            { multiFactorId, multiFactorCode: right },
            { multiFactorId: 'no-such-factor', multiFactorCode: right },
          ],
        }),
      ),
    ).toEqual(invalid)
    await requireMultiFactors(ctx, {
      userId: user.userId,
      multiFactors: [{ multiFactorId, multiFactorCode: right }],
    })
    expect(await attempt(multiFactorId, right)).toEqual(invalid)
  })

  test('error: code checks are rate limited per IP', async () => {
    // Seven users, so that no one reaches the per-user limit (10 wrong codes) first.
    const users: Awaited<ReturnType<typeof userWithFactor>>[] = []
    for (let index = 0; index < 7; index++) users.push(await userWithFactor())
    const ctx = server.app.sigil
    const check = (attempt: number) => {
      const { user, multiFactorId } = users[attempt % users.length]!
      return rejection(
        requireMultiFactors(ctx, {
          userId: user.userId,
          multiFactors: [{ multiFactorId, multiFactorCode: '000000' }],
          ip: '203.0.113.9',
        }),
      )
    }
    const answers = []
    for (let attempt = 0; attempt < 61; attempt++) answers.push(await check(attempt))
    expect(answers.slice(0, 60).every((answer) => answer.status === 401 || answer.status === 200)).toBe(true)
    expect(answers[60]).toMatchObject({ status: 429, code: 'RATE_LIMITED' })
  })

  test('error: the 11th check after 10 wrong codes for one user is 429, even with the right code', async () => {
    const { user, multiFactorId, multiFactorTotpUrl } = await userWithFactor()
    const ctx = server.app.sigil
    const check = (multiFactorCode: string, failureKey?: string) =>
      rejection(
        requireMultiFactors(ctx, {
          userId: user.userId,
          multiFactors: [{ multiFactorId, multiFactorCode }],
          ip: `198.51.100.${Math.floor(Math.random() * 250)}`,
          failureKey,
        }),
      )
    const right = await totpCodeAt(multiFactorTotpUrl, clock.now())
    const wrong = right === '000000' ? '111111' : '000000'
    for (let attempt = 0; attempt < 10; attempt++)
      expect(await check(wrong)).toMatchObject({ status: 401, code: 'INVALID_MFA_CODE' })
    expect(await check(right)).toMatchObject({ status: 429, code: 'RATE_LIMITED' })
    // Another key (the magic-link request's) is its own bucket: the right code passes there.
    await expect(
      requireMultiFactors(ctx, {
        userId: user.userId,
        multiFactors: [{ multiFactorId, multiFactorCode: right }],
        failureKey: `magic-link:${user.userId}`,
      }),
    ).resolves.toBeUndefined()
  })

  test('error: the fifth wrong code kills the pending login; the right code is then refused', async () => {
    const { user, multiFactorId, multiFactorTotpUrl } = await userWithFactor()
    const ctx = server.app.sigil
    const pendingLogin = { jti: `jti-${Math.random()}`, expiresAt: clock.now() + 60_000 }
    const check = (multiFactorCode: string) =>
      rejection(
        requireMultiFactors(ctx, {
          userId: user.userId,
          multiFactors: [{ multiFactorId, multiFactorCode }],
          pendingLogin,
        }),
      )
    const right = await totpCodeAt(multiFactorTotpUrl, clock.now())
    const wrong = right === '000000' ? '111111' : '000000'
    for (let attempt = 0; attempt < 5; attempt++)
      expect(await check(wrong)).toMatchObject({ status: 401, code: 'INVALID_MFA_CODE' })
    const used = await ctx.store.db
      .selectFrom('single_use_tokens')
      .select('id')
      .where('id', '=', pendingLogin.jti)
      .executeTakeFirst()
    expect(used).toEqual({ id: pendingLogin.jti })
    expect(await check(right)).toMatchObject({ status: 401, code: 'INVALID_MFA_TOKEN' })
  })

  test('behavior: a right code on the fifth try still passes', async () => {
    const { user, multiFactorId, multiFactorTotpUrl } = await userWithFactor()
    const ctx = server.app.sigil
    const pendingLogin = { jti: `jti-${Math.random()}`, expiresAt: clock.now() + 60_000 }
    const right = await totpCodeAt(multiFactorTotpUrl, clock.now())
    const wrong = right === '000000' ? '111111' : '000000'
    for (let attempt = 0; attempt < 4; attempt++)
      await requireMultiFactors(ctx, {
        userId: user.userId,
        multiFactors: [{ multiFactorId, multiFactorCode: wrong }],
        pendingLogin,
      }).catch(() => undefined)
    await expect(
      requireMultiFactors(ctx, {
        userId: user.userId,
        multiFactors: [{ multiFactorId, multiFactorCode: right }],
        pendingLogin,
      }),
    ).resolves.toBeUndefined()
  })
})
