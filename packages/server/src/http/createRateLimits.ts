import { signerErrorCodes } from '@sigil/protocol'
import { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import { ApiError } from './errors/ApiError.js'

export type RateLimit = {
  /** Takes one point for `key`; throws a 429 {@link ApiError} with `Retry-After` when none is left. */
  consume(key: string): Promise<void>
  /**
   * Throws the same 429 when `key` has no point left, without taking one: for limits that count
   * failures, checked before the attempt and consumed only when it fails.
   */
  assertOpen(key: string): Promise<void>
}

export type RateLimits = {
  /** Sign-in mail per email address: 3 per 3 minutes. */
  emailSendsPerAddress: RateLimit
  /** Sign-in mail per client IP: 20 per 10 minutes. */
  emailSendsPerIp: RateLimit
  /** Code and MFA checks per client IP: 60 per 10 minutes. */
  codeChecksPerIp: RateLimit
  /** Wrong TOTP codes per user, over all pending logins and IPs: 10 per 15 minutes. */
  mfaFailuresPerUser: RateLimit
  /** Wrong email codes and link tokens per user: 20 per day. */
  emailCodeFailuresPerUser: RateLimit
  /** Passkey sign-ups per client IP: 10 per hour. */
  passkeySignupsPerIp: RateLimit
  /** Passkey sign-ups per app: 300 per hour. */
  passkeySignupsPerApp: RateLimit
  /** `/v1/lookup` (does this email have an account?) per client IP: 100 per 10 minutes. */
  lookupsPerIp: RateLimit
  /** `/v1/multi-owner-create` per client IP: 20 per hour. */
  multiOwnerCreatesPerIp: RateLimit
  /** Refused custom JWTs (`/v1/auth-jwt`) per client IP: 60 per 10 minutes. */
  jwtFailuresPerIp: RateLimit
  /** Sign-ups by custom JWT (a new user and wallet) per client IP: 20 per hour. */
  jwtSignUpsPerIp: RateLimit
  close(): Promise<void>
}

const buckets = {
  emailSendsPerAddress: { points: 3, duration: 180, message: 'too many sign-in emails for this address' },
  emailSendsPerIp: { points: 20, duration: 600, message: 'too many sign-in emails from this address' },
  codeChecksPerIp: { points: 60, duration: 600, message: 'too many code attempts' },
  mfaFailuresPerUser: { points: 10, duration: 900, message: 'too many wrong MFA codes for this user' },
  emailCodeFailuresPerUser: {
    points: 20,
    duration: 86_400,
    message: 'too many wrong sign-in codes for this account today',
  },
  passkeySignupsPerIp: { points: 10, duration: 3600, message: 'too many passkey sign-ups from this address' },
  passkeySignupsPerApp: { points: 300, duration: 3600, message: 'too many passkey sign-ups for this app' },
  lookupsPerIp: { points: 100, duration: 600, message: 'too many lookups from this address' },
  multiOwnerCreatesPerIp: {
    points: 20,
    duration: 3600,
    message: 'too many multi-owner organizations created from this address',
  },
  jwtFailuresPerIp: { points: 60, duration: 600, message: 'too many refused tokens from this address' },
  jwtSignUpsPerIp: { points: 20, duration: 3600, message: 'too many sign-ups by token from this address' },
} as const

export type RateLimitBucket = keyof typeof buckets

/**
 * The sign-in service's rate limits (`rate-limiter-flexible`): in memory by default, in Redis when
 * `redisUrl` is set so several server instances share them.
 *
 * @example
 * const limits = createRateLimits({ redisUrl: process.env.REDIS_URL })
 * await limits.emailSendsPerAddress.consume('ada@example.com')
 */
export function createRateLimits({
  redisUrl,
  overrides = {},
  onRefused,
}: {
  redisUrl?: string | undefined
  /** Other budgets per bucket (load tests); the defaults above otherwise. */
  overrides?: Partial<Record<RateLimitBucket, { points: number; duration: number }>>
  /** Called with the limit's name each time it refuses a request (metrics). */
  onRefused?: ((limit: RateLimitBucket) => void) | undefined
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
    const exhausted = (state: RateLimiterRes) => {
      onRefused?.(name)
      return new ApiError('RESOURCE_EXHAUSTED', message, {
        errorCode: signerErrorCodes.RATE_LIMITED,
        retryAfterSeconds: Math.max(1, state.msBeforeNext / 1000),
      })
    }
    return {
      async consume(key) {
        try {
          await limiter.consume(key)
        } catch (rejection) {
          if (!(rejection instanceof RateLimiterRes)) throw rejection
          throw exhausted(rejection)
        }
      },
      async assertOpen(key) {
        const state = await limiter.get(key)
        if (state && state.consumedPoints >= points) throw exhausted(state)
      },
    }
  }
  return {
    emailSendsPerAddress: limit('emailSendsPerAddress'),
    emailSendsPerIp: limit('emailSendsPerIp'),
    codeChecksPerIp: limit('codeChecksPerIp'),
    mfaFailuresPerUser: limit('mfaFailuresPerUser'),
    emailCodeFailuresPerUser: limit('emailCodeFailuresPerUser'),
    passkeySignupsPerIp: limit('passkeySignupsPerIp'),
    passkeySignupsPerApp: limit('passkeySignupsPerApp'),
    lookupsPerIp: limit('lookupsPerIp'),
    multiOwnerCreatesPerIp: limit('multiOwnerCreatesPerIp'),
    jwtFailuresPerIp: limit('jwtFailuresPerIp'),
    jwtSignUpsPerIp: limit('jwtSignUpsPerIp'),
    async close() {
      await redis?.quit()
    },
  }
}
