import { createHash } from 'node:crypto'
import pg from 'pg'
import type { ApiKeyChangeChannel, ApiKeyChangeEvent } from './ApiKeyChangeChannel.js'

export type ListenApiKeyChangesParameters = {
  /** The store's pool: the listening connection uses its settings, and the channel its `current_schema()`. */
  pool: pg.Pool
  /**
   * How often the listening connection is checked with a query; one unanswered for this long counts as a
   * lost connection (a peer gone without a word). Default 5000 ms.
   */
  heartbeatMs?: number | undefined
  /** First wait before reconnecting, doubled after each failure up to `maxReconnectDelayMs`. Default 100 ms. */
  reconnectDelayMs?: number | undefined
  /** Default 5000 ms. */
  maxReconnectDelayMs?: number | undefined
  /** Told when the listening connection is lost (with the cause) and when it listens again. */
  onStatus?: ((status: { live: boolean; error?: unknown }) => void) | undefined
}

export type PostgresApiKeyChangeChannel = ApiKeyChangeChannel & {
  /**
   * The `LISTEN`/`NOTIFY` channel: `sigil_api_keys_<schema>` (the pool's `current_schema()`), so schemas of
   * one database do not mix; the one migration 0011's trigger notifies on.
   */
  readonly channelName: string
}

/** PostgreSQL's longest identifier, bytes. */
const maxIdentifierBytes = 63

/**
 * An {@link ApiKeyChangeChannel} over PostgreSQL: a connection of its own `LISTEN`s on the store's
 * channel, and each notice reaches the subscribers. The notices are sent by the store itself: a trigger on
 * `api_keys` (migration `0011_api_key_change_notices`) notifies inside every transaction that changes it,
 * so a committed change is announced whoever made it (another instance, one killed right after its
 * commit, the CLI, psql), and `publish` has nothing left to do. This instance hears its own writes too:
 * one more emptying of a cache its write has just emptied. When the listening connection
 * is lost (an error, its end, or a heartbeat left unanswered) `live` turns false and subscribers get
 * `{ lost: true }`; it reconnects with backoff, and once `LISTEN` succeeds again `live` turns true and
 * they get `{ lost: true }` once more (notices sent meanwhile were missed). Resolves once listening;
 * rejects when the first connection fails. Needs a session-pooled connection: `LISTEN` does not work
 * through a transaction-pooling proxy (docs/deploy.md, "Several instances").
 *
 * @example
 * const channel = await listenApiKeyChanges({ pool: store.pool })
 * const cache = createApiKeyCache({ channel })
 * await channel.close()
 */
export async function listenApiKeyChanges(
  parameters: ListenApiKeyChangesParameters,
): Promise<PostgresApiKeyChangeChannel> {
  const {
    pool,
    heartbeatMs = 5000,
    reconnectDelayMs = 100,
    maxReconnectDelayMs = 5000,
    onStatus,
  } = parameters
  const channelName = toChannelName(await currentSchema(pool))
  const listeners = new Set<(event: ApiKeyChangeEvent) => void>()
  const emit = (event: ApiKeyChangeEvent) => {
    for (const listener of [...listeners]) listener(event)
  }
  let live = false
  let closed = false
  let client: pg.Client | undefined
  let heartbeat: NodeJS.Timeout | undefined
  let retry: NodeJS.Timeout | undefined
  let delay = reconnectDelayMs

  const open = async () => {
    // Bounded waits: in a network partition a connect or a query may otherwise hang for minutes.
    const next = new pg.Client({
      ...pool.options,
      keepAlive: true,
      connectionTimeoutMillis: heartbeatMs,
      query_timeout: heartbeatMs,
      // Names the connection in `pg_stat_activity` (both are at most 63 bytes), where its last query is
      // soon the heartbeat's `select 1`.
      application_name: channelName,
    })
    // Errors of a connection we no longer use are expected; without a listener they would crash the process.
    next.on('error', (error) => drop(next, error))
    next.on('end', () => drop(next, new Error('the listening connection ended')))
    next.on('notification', (message) => {
      if (next === client && message.channel === channelName) emit({ lost: false })
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${quoteIdentifier(channelName)}`)
    } catch (error) {
      next.end().catch(() => {})
      throw error
    }
    return next
  }

  const use = (next: pg.Client) => {
    client = next
    live = true
    delay = reconnectDelayMs
    let checking = false
    heartbeat = setInterval(() => {
      if (checking)
        return drop(next, new Error(`the listening connection did not answer within ${heartbeatMs} ms`))
      checking = true
      next.query('select 1').then(
        () => {
          checking = false
        },
        (error: unknown) => drop(next, error),
      )
    }, heartbeatMs)
    heartbeat.unref()
  }

  function drop(which: pg.Client, error: unknown) {
    if (which !== client) return
    client = undefined
    clearInterval(heartbeat)
    which.end().catch(() => {})
    if (closed) return
    live = false
    onStatus?.({ live: false, error })
    emit({ lost: true })
    reconnect()
  }

  function reconnect() {
    retry = setTimeout(async () => {
      retry = undefined
      if (closed) return
      try {
        const next = await open()
        if (closed) {
          await next.end().catch(() => {})
          return
        }
        use(next)
        onStatus?.({ live: true })
        emit({ lost: true })
      } catch {
        if (closed) return
        reconnect()
      }
    }, delay)
    retry.unref()
    delay = Math.min(delay * 2, maxReconnectDelayMs)
  }

  use(await open())

  return {
    channelName,
    get live() {
      return live
    },
    async publish() {
      // The write's own transaction has notified at its commit (the trigger of migration 0011).
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    async close() {
      closed = true
      live = false
      clearTimeout(retry)
      clearInterval(heartbeat)
      listeners.clear()
      const last = client
      client = undefined
      await last?.end().catch(() => {})
    },
  }
}

async function currentSchema(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ schema: string | null }>('select current_schema() as schema')
  return rows[0]?.schema ?? 'public'
}

/**
 * `sigil_api_keys_<schema>`, or a hash of the schema when that would pass PostgreSQL's identifier limit.
 * The trigger of migration `0011_api_key_change_notices` computes the same name in SQL: keep them equal.
 */
function toChannelName(schema: string): string {
  const name = `sigil_api_keys_${schema}`
  if (Buffer.byteLength(name) <= maxIdentifierBytes) return name
  return `sigil_api_keys_${createHash('sha256').update(schema).digest('hex').slice(0, 40)}`
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`
