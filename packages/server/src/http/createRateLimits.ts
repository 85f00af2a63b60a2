import { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import { ApiError } from './errors/ApiError.js'

export type RateLimit = {
  /** Takes one point for `key`; throws a 429 {@link ApiError} with `Retry-After` when none is left. */
  consume(key: string): Promise<void>
}

export type RateLimits = {
  /** Sign-in mail per email address: 3 per 3 minutes. */
  emailSendsPerAddress: RateLimit
  /** Sign-in mail per client IP: 20 per 10 minutes. */
  emailSendsPerIp: RateLimit
  /** Code and MFA checks per client IP: 60 per 10 minutes. */
  codeChecksPerIp: RateLimit
  close(): Promise<void>
}

const buckets = {
  emailSendsPerAddress: { points: 3, duration: 180, message: 'too many sign-in emails for this address' },
  emailSendsPerIp: { points: 20, duration: 600, message: 'too many sign-in emails from this address' },
  codeChecksPerIp: { points: 60, duration: 600, message: 'too many code attempts' },
} as const

/**
 * The sign-in service's rate limits (`rate-limiter-flexible`): in memory by default, in Redis when
 * `redisUrl` is set so several server instances share them.
 *
 * @example
 * const limits = createRateLimits({ redisUrl: process.env.REDIS_URL })
 * await limits.emailSendsPerAddress.consume('ada@example.com')
 */
export type RateLimitBucket = 'emailSendsPerAddress' | 'emailSendsPerIp' | 'codeChecksPerIp'

export function createRateLimits({
  redisUrl,
  overrides = {},
}: {
  redisUrl?: string | undefined
  /** Other budgets per bucket (load tests); the defaults above otherwise. */
  overrides?: Partial<Record<RateLimitBucket, { points: number; duration: number }>>
} = {}): RateLimits {
  const redis = redisUrl
    ? new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true })
    : undefined
  const limit = (name: keyof typeof buckets): RateLimit => {
    const { message } = buckets[name]
    const { points, duration } = overrides[name] ?? buckets[name]
    const limiter = redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `sigil:${name}`, points, duration })
      : new RateLimiterMemory({ keyPrefix: name, points, duration })
    return {
      async consume(key) {
        try {
          await limiter.consume(key)
        } catch (rejection) {
          if (!(rejection instanceof RateLimiterRes)) throw rejection
          throw new ApiError('RESOURCE_EXHAUSTED', message, {
            errorCode: 'RATE_LIMITED',
            retryAfterSeconds: Math.max(1, rejection.msBeforeNext / 1000),
          })
        }
      },
    }
  }
  return {
    emailSendsPerAddress: limit('emailSendsPerAddress'),
    emailSendsPerIp: limit('emailSendsPerIp'),
    codeChecksPerIp: limit('codeChecksPerIp'),
    async close() {
      await redis?.quit()
    },
  }
}
