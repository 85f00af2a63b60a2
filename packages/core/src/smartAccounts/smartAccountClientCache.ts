import type { SigilConfig } from '../createConfig.js'

/** One built (or building) client: what it was built from, and the client. */
export type SmartAccountClientCacheEntry = { key: string; client: Promise<unknown> }

const caches = new WeakMap<SigilConfig, Map<string, SmartAccountClientCacheEntry>>()

/**
 * The config's smart-account clients, one per `<chainId>:<type>` (clients hold functions, so they
 * live here and not in the persisted store).
 *
 * @example
 * smartAccountClientCache(config).get('31337:LightAccount')
 */
export function smartAccountClientCache(config: SigilConfig): Map<string, SmartAccountClientCacheEntry> {
  let cache = caches.get(config)
  if (!cache) {
    cache = new Map()
    caches.set(config, cache)
  }
  return cache
}
