/** What a channel tells a subscriber: another process changed API keys, or changes may have been missed. */
export type ApiKeyChangeEvent = {
  /** True when notices may have been lost (a dropped connection, a restarted peer): forget everything. */
  lost: boolean
}

/**
 * How server processes that share one store tell each other that API keys were added or deleted, so an
 * in-memory API-key cache can forget what it holds: PostgreSQL `LISTEN`/`NOTIFY` between instances, the
 * cluster's IPC between `--workers` on one machine. A cache serves from memory only while `live` is true.
 *
 * @example
 * const stop = channel.subscribe(() => cache.forget())
 * await cache.writing(commit) // publishes once the write settled
 */
export type ApiKeyChangeChannel = {
  /** True while notices from the other processes are being delivered. */
  readonly live: boolean
  /**
   * Tells the other processes; called after this process settled a write of API keys. Nothing to do on
   * PostgreSQL, where the write's own transaction announces it (`listenApiKeyChanges`).
   */
  publish(): Promise<void>
  /** Runs `listener` on every notice from another process; returns the unsubscribe. */
  subscribe(listener: (event: ApiKeyChangeEvent) => void): () => void
  close(): Promise<void>
}
