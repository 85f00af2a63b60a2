import type { SigilContext } from '../../SigilContext.js'
import { createJwksCache, type JwksCache } from './createJwksCache.js'

const caches = new WeakMap<SigilContext, JwksCache>()

/**
 * The JWKS cache of this server (one per `SigilContext`, made on first use, on the server's clock).
 *
 * @example
 * const key = await getJwksCache(ctx).getKey(issuer.jwksUrl, protectedHeader)
 */
export function getJwksCache(ctx: SigilContext): JwksCache {
  let cache = caches.get(ctx)
  if (!cache) {
    cache = createJwksCache({
      now: () => ctx.now(),
      onStale: (url, error) =>
        ctx.logger.warn('JWKS fetch failed; using the keys fetched before', {
          jwksUrl: url,
          reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
        }),
    })
    caches.set(ctx, cache)
  }
  return cache
}
