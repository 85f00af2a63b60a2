import { createBoundedCache } from '../../cache/createBoundedCache.js'
import type { ApiKeyChangeChannel } from './ApiKeyChangeChannel.js'

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
   * The rows of a public key: from memory when they were read before and no write of API keys ran since
   * (here, or in another process as the channel tells), else from `load` (kept only when no such write
   * started, ran or was announced while it loaded). Unknown keys are never kept, so a key created by
   * another process (the CLI) is found at its first use.
   */
  read(key: string, load: () => Promise<ApiKeyCredentialRow[]>): Promise<ApiKeyCredentialRow[]>
  /**
   * Runs a write that adds or deletes API keys (create, delete, session keys and their eviction): while
   * it runs, reads go to the store; once it settles, committed or not, the cache is emptied and the
   * channel (if any) told, and only then does `writing` settle, so the writer's answer goes out after the
   * other processes were told. Every such write MUST go through here, or a deleted key would keep working.
   */
  writing<T>(write: () => Promise<T>): Promise<T>
  /** Stops listening to the channel (which stays open: its owner closes it). */
  close(): void
}

export type CreateApiKeyCacheParameters = {
  /**
   * How the other processes sharing the store announce their writes of API keys, and hear of ours
   * (PostgreSQL `LISTEN`/`NOTIFY`, the cluster's IPC). With a channel the cache serves from memory only
   * while `channel.live`, and forgets everything on each of its events.
   */
  channel?: ApiKeyChangeChannel | undefined
  /**
   * True when other processes may change the store's API keys and no channel tells of it (PostgreSQL
   * without a channel): every read then goes to the store. Ignored when a channel is given.
   */
  shared?: boolean | undefined
  maxEntries?: number | undefined
  /**
   * Longest time rows are served from memory before they are read again, ms: the bound for a change whose
   * notice never arrives (a cluster worker that died between its commit and its notice; on PostgreSQL,
   * where every committed change is announced, a listening connection lost without a word until the
   * heartbeat catches it). Default 30 000.
   */
  maxAgeMs?: number | undefined
  /** Monotonic clock, ms (tests). Default `performance.now`. */
  now?: (() => number) | undefined
}

/**
 * The API keys of recently seen stamps, in memory (for `maxAgeMs` at most), so a signing request does
 * not read `api_keys` on every call. Expiry is not cached state: callers check `expires_at` on every use. A store this process
 * alone changes (SQLite, one process) needs no channel; a shared one needs a channel (docs/deploy.md,
 * "Several instances"), or it is `shared` and every request reads the store.
 *
 * @example
 * const cache = createApiKeyCache({ channel })
 * const rows = await cache.read(`${curve}:${publicKey}`, () => findApiKeys(ctx.store, [publicKey, curve]))
 * await cache.writing(() => ctx.batcher.run(write))
 */
export function createApiKeyCache({
  channel,
  shared = false,
  maxEntries = 10_000,
  maxAgeMs = 30_000,
  now = () => performance.now(),
}: CreateApiKeyCacheParameters = {}): ApiKeyCache {
  const rowsByKey = createBoundedCache<string, { rows: ApiKeyCredentialRow[]; loadedAt: number }>(maxEntries)
  // Bumped by every write here and every event of the channel: a load that saw it change is not kept.
  let generation = 0
  let writes = 0
  const forget = () => {
    generation++
    rowsByKey.clear()
  }
  const caching = channel ? () => channel.live : () => !shared
  const unsubscribe = channel?.subscribe(forget)
  return {
    async read(key, load) {
      if (!caching()) {
        // Notices may be missed while the channel is down: nothing held now may be served later.
        if (channel) forget()
        return load()
      }
      const cached = writes === 0 ? rowsByKey.get(key) : undefined
      if (cached && now() - cached.loadedAt < maxAgeMs) return cached.rows
      const startedAt = now()
      const seen = generation
      const rows = await load()
      if (rows.length > 0 && writes === 0 && generation === seen && caching())
        rowsByKey.set(key, { rows, loadedAt: startedAt })
      return rows
    },
    async writing(write) {
      writes++
      generation++
      let outcome: { ok: true; value: Awaited<ReturnType<typeof write>> } | { ok: false; error: unknown }
      try {
        outcome = { ok: true, value: await write() }
      } catch (error) {
        outcome = { ok: false, error }
      }
      writes--
      forget()
      if (!outcome.ok) {
        // It may have committed all the same (a lost connection at commit); the write's own error wins.
        await channel?.publish().catch(() => {})
        throw outcome.error
      }
      // Committed: a notice that cannot be sent is an error of the write, not a silent stale cache.
      await channel?.publish()
      return outcome.value
    },
    close() {
      unsubscribe?.()
    },
  }
}
