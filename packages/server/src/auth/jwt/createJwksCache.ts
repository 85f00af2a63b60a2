import { createLocalJWKSet, errors, type JWTHeaderParameters } from 'jose'
import { fetchJwks as defaultFetchJwks, type FetchJwksReturnType } from './fetchJwks.js'
import { jwtErrors } from './jwtErrors.js'

/** Without `Cache-Control: max-age`, a JWKS is kept this long, seconds. */
export const defaultJwksMaxAgeSeconds = 600
/** Bounds on `max-age`, seconds: `no-store` still keeps keys a minute; a day at most. */
export const jwksMaxAgeBoundsSeconds = { min: 60, max: 24 * 60 * 60 } as const
/** At most one fetch of a JWKS per this interval, milliseconds (an unknown `kid` waits for it). */
export const jwksRefetchIntervalMs = 60_000

type KeyResolver = ReturnType<typeof createLocalJWKSet>

type Entry = {
  resolve: KeyResolver
  /** When the set is stale and is fetched again before use. */
  expiresAt: number
}

export type JwksCache = {
  /**
   * The key of the JWKS at `url` for a token's header (its `kid` and `alg`): from the cached set
   * while it is fresh; fetched when absent or stale; fetched again once when no key matches, unless
   * the set was fetched less than {@link jwksRefetchIntervalMs} ago. May throw jose's
   * `JWKSMultipleMatchingKeys` (iterate it) or a `jwtErrors` error.
   */
  getKey(url: string, header: JWTHeaderParameters): Promise<CryptoKey>
}

export type CreateJwksCacheParameters = {
  now(): number
  fetchJwks?: ((url: string) => Promise<FetchJwksReturnType>) | undefined
  /** Told when a fetch fails and the stale set stays in use. */
  onStale?: ((url: string, error: unknown) => void) | undefined
}

/**
 * A cache of issuers' JWKS, by URL: honours `Cache-Control: max-age` (within
 * {@link jwksMaxAgeBoundsSeconds}), picks up rotated keys (an unknown `kid` triggers one fetch, at
 * most every {@link jwksRefetchIntervalMs}, so a flood of made-up `kid`s cannot hammer the issuer),
 * shares one fetch between concurrent requests, and keeps using a stale set when a fetch fails.
 *
 * @example
 * const cache = createJwksCache({ now: Date.now })
 * const key = await cache.getKey('https://auth.example.com/jwks.json', protectedHeader)
 */
export function createJwksCache({
  now,
  fetchJwks = defaultFetchJwks,
  onStale,
}: CreateJwksCacheParameters): JwksCache {
  const entries = new Map<string, Entry>()
  const lastFetchAt = new Map<string, number>()
  const inFlight = new Map<string, Promise<Entry>>()

  const refresh = (url: string): Promise<Entry> => {
    const pending = inFlight.get(url)
    if (pending) return pending
    lastFetchAt.set(url, now())
    const fetching = fetchJwks(url)
      .then(({ jwks, maxAgeSeconds }) => {
        const seconds = Math.min(
          Math.max(maxAgeSeconds ?? defaultJwksMaxAgeSeconds, jwksMaxAgeBoundsSeconds.min),
          jwksMaxAgeBoundsSeconds.max,
        )
        const entry: Entry = { resolve: createLocalJWKSet(jwks), expiresAt: now() + seconds * 1000 }
        entries.set(url, entry)
        return entry
      })
      .catch((error: unknown) => {
        const stale = entries.get(url)
        if (!stale) throw jwtErrors.keysUnavailable(error)
        onStale?.(url, error)
        return stale
      })
      .finally(() => inFlight.delete(url))
    inFlight.set(url, fetching)
    return fetching
  }
  const mayFetch = (url: string) =>
    now() - (lastFetchAt.get(url) ?? Number.NEGATIVE_INFINITY) >= jwksRefetchIntervalMs

  return {
    async getKey(url, header) {
      let entry = await inFlight.get(url)
      entry ??= entries.get(url)
      if (!entry) {
        // The last fetch failed less than a minute ago: answer at once rather than ask again.
        if (!mayFetch(url)) throw jwtErrors.keysUnavailable()
        entry = await refresh(url)
      } else if (now() >= entry.expiresAt && mayFetch(url)) entry = await refresh(url)
      try {
        return await entry.resolve(header)
      } catch (error) {
        if (!(error instanceof errors.JWKSNoMatchingKey)) throw error
        if (!mayFetch(url)) throw jwtErrors.keyNotFound(error)
      }
      entry = await refresh(url)
      try {
        return await entry.resolve(header)
      } catch (error) {
        if (error instanceof errors.JWKSNoMatchingKey) throw jwtErrors.keyNotFound(error)
        throw error
      }
    },
  }
}
