import { describe, expect, test } from 'vitest'
import { createRateLimits } from './createRateLimits.js'
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
})
