import { describe, expect, test } from 'vitest'
import { createRateLimits, type RateLimitBucket, type RateLimits } from './createRateLimits.js'
import { ApiError } from './errors/ApiError.js'

const redisUrl = process.env.SIGIL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

describe('createRateLimits', () => {
  test('default: in memory, the 4th sign-in mail to one address within 3 minutes is a 429 with a retry delay', async () => {
    const limits = createRateLimits()
    const key = `mem-${crypto.randomUUID()}`
    for (let index = 0; index < 3; index++) await limits.emailSendsPerAddress.consume(key)
    const error = await limits.emailSendsPerAddress.consume(key).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 429,
      errorCode: 'RATE_LIMITED',
      shortMessage: 'too many sign-in emails for this address',
    })
    expect((error as ApiError).retryAfterSeconds).toBeGreaterThan(170)
    await limits.emailSendsPerAddress.consume(`other-${key}`)
    await limits.close()
  })

  test('behavior: with Redis, two server instances share one budget', async () => {
    const first = createRateLimits({ redisUrl })
    const second = createRateLimits({ redisUrl })
    const key = `redis-${crypto.randomUUID()}`
    try {
      await first.emailSendsPerAddress.consume(key)
      await second.emailSendsPerAddress.consume(key)
      await first.emailSendsPerAddress.consume(key)
      await expect(second.emailSendsPerAddress.consume(key)).rejects.toMatchObject({ status: 429 })
    } finally {
      await first.close()
      await second.close()
    }
  })

  const budgets: [RateLimitBucket, number, number][] = [
    ['mfaFailuresPerUser', 10, 900],
    ['emailCodeFailuresPerUser', 20, 86_400],
    ['passkeySignupsPerIp', 10, 3600],
    ['passkeySignupsPerApp', 300, 3600],
    ['lookupsPerIp', 100, 600],
  ]

  describe.each([
    ['memory', undefined],
    ['Redis', redisUrl],
  ])('security buckets in %s', (_store, url) => {
    const withLimits = async (run: (limits: RateLimits) => Promise<void>) => {
      const limits = createRateLimits({ redisUrl: url })
      try {
        await run(limits)
      } finally {
        await limits.close()
      }
    }

    test.each(budgets)(
      'behavior: %s allows %i points per %i seconds, then 429 until the window ends',
      async (name, points, duration) =>
        withLimits(async (limits) => {
          const key = `budget-${crypto.randomUUID()}`
          for (let index = 0; index < points; index++) await limits[name].consume(key)
          const error = (await limits[name].consume(key).catch((caught: unknown) => caught)) as ApiError
          expect(error).toMatchObject({ status: 429, errorCode: 'RATE_LIMITED' })
          expect(error.retryAfterSeconds).toBeGreaterThan(duration - 30)
          expect(error.retryAfterSeconds).toBeLessThanOrEqual(duration)
          await limits[name].consume(`other-${key}`)
        }),
    )

    test('behavior: assertOpen takes no point, and refuses once the budget is spent', async () =>
      withLimits(async (limits) => {
        const failures = limits.emailCodeFailuresPerUser
        const key = `open-${crypto.randomUUID()}`
        for (let index = 0; index < 30; index++) await failures.assertOpen(key)
        for (let index = 0; index < 19; index++) await failures.consume(key)
        await failures.assertOpen(key)
        await failures.consume(key)
        const error = (await failures.assertOpen(key).catch((caught: unknown) => caught)) as ApiError
        expect(error).toBeInstanceOf(ApiError)
        expect(error).toMatchObject({
          status: 429,
          errorCode: 'RATE_LIMITED',
          shortMessage: 'too many wrong sign-in codes for this account today',
        })
        expect(error.retryAfterSeconds).toBeGreaterThan(86_000)
        await failures.assertOpen(`other-${key}`)
      }))
  })

  test('behavior: with Redis, a failure counted by one instance closes the account on the other', async () => {
    const first = createRateLimits({ redisUrl })
    const second = createRateLimits({ redisUrl })
    const key = `shared-${crypto.randomUUID()}`
    try {
      for (let index = 0; index < 20; index++) await first.emailCodeFailuresPerUser.consume(key)
      await expect(second.emailCodeFailuresPerUser.assertOpen(key)).rejects.toMatchObject({ status: 429 })
    } finally {
      await first.close()
      await second.close()
    }
  })
})
