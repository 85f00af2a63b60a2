import { createBoundedCache } from '../../cache/createBoundedCache.js'

/** The columns of an `api_keys` row that authentication needs. */
export type ApiKeyCredentialRow = {
  id: string
  organization_id: string
  user_id: string
  credential_type: string
  expires_at: string | number | bigint | null
  curve_type: string
}

export type ApiKeyCache = {
  /**
   * The rows of a public key: from memory when they were read before and no write of API keys ran since,
   * else from `load` (kept only when no such write started or ran while it loaded). Unknown keys are
   * never kept, so a key created by another process (the CLI) is found at its first use.
   */
  read(key: string, load: () => Promise<ApiKeyCredentialRow[]>): Promise<ApiKeyCredentialRow[]>
  /**
   * Runs a write that adds or deletes API keys (create, delete, session keys and their eviction): while
   * it runs, reads go to the store; once it settles, committed or not, the cache is emptied. Every such
   * write MUST go through here, or a deleted key would keep working.
   */
  writing<T>(write: () => Promise<T>): Promise<T>
}

/**
 * The API keys of recently seen stamps, in memory, so a signing request does not read `api_keys` on
 * every call. Expiry is not cached state: callers check `expires_at` on every use. Only for a store this
 * process alone changes (SQLite); with PostgreSQL other server instances may delete keys, and every
 * request reads the store.
 *
 * @example
 * const rows = await cache.read(`${curve}:${publicKey}`, () => findApiKeys(ctx.store, [publicKey, curve]))
 * await cache.writing(() => ctx.batcher.run(write))
 */
export function createApiKeyCache({
  enabled = true,
  maxEntries = 10_000,
}: {
  /** False: every read goes to the store (PostgreSQL). */
  enabled?: boolean
  maxEntries?: number
} = {}): ApiKeyCache {
  const rowsByKey = createBoundedCache<string, ApiKeyCredentialRow[]>(maxEntries)
  let generation = 0
  let writes = 0
  return {
    async read(key, load) {
      if (!enabled) return load()
      const cached = writes === 0 ? rowsByKey.get(key) : undefined
      if (cached) return cached
      const loadedAt = generation
      const rows = await load()
      if (rows.length > 0 && writes === 0 && generation === loadedAt) rowsByKey.set(key, rows)
      return rows
    },
    async writing(write) {
      writes++
      generation++
      try {
        return await write()
      } finally {
        writes--
        generation++
        rowsByKey.clear()
      }
    },
  }
}
