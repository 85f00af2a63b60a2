import type { ApiKeyChangeChannel, ApiKeyChangeEvent } from '../kms/auth/ApiKeyChangeChannel.js'
import { isClusterMessage } from './clusterMessages.js'

/** The worker's end of the IPC channel to the primary: `process` in a cluster worker. */
export type PrimaryConnection = {
  readonly connected: boolean
  send(message: unknown, callback: (error: Error | null) => void): boolean
  on(event: 'message', listener: (message: unknown) => void): unknown
  on(event: 'disconnect', listener: () => void): unknown
  off(event: 'message', listener: (message: unknown) => void): unknown
  off(event: 'disconnect', listener: () => void): unknown
}

export type CreateClusterApiKeyChannelParameters = {
  /** Default: `process` (a worker forked by `node:cluster`). */
  primary?: PrimaryConnection
  /** How long `publish` waits for the primary to say every other worker forgot. Default 2 s. */
  relayTimeoutMs?: number
}

/**
 * The {@link ApiKeyChangeChannel} of a `--workers` cluster (docs/deploy.md#workers): `publish` tells the
 * primary, which tells every other worker; each empties its API-key cache and says so, and `publish`
 * resolves once all have (or after `relayTimeoutMs`). So when a worker answers a key deletion, no other
 * worker still accepts the key. `live` is true while this worker is connected to the primary; when the
 * connection goes, subscribers get `{ lost: true }` and the cache stops serving from memory.
 *
 * @example
 * const app = await createSigilServer({ apiKeyChanges: createClusterApiKeyChannel() })
 */
export function createClusterApiKeyChannel(
  parameters: CreateClusterApiKeyChannelParameters = {},
): ApiKeyChangeChannel {
  const primary = parameters.primary ?? (process as unknown as PrimaryConnection)
  const relayTimeoutMs = parameters.relayTimeoutMs ?? 2000
  const listeners = new Set<(event: ApiKeyChangeEvent) => void>()
  const pending = new Map<number, () => void>()
  let nextId = 0
  let closed = false
  const emit = (event: ApiKeyChangeEvent) => {
    for (const listener of [...listeners]) listener(event)
  }
  const onMessage = (message: unknown) => {
    if (isClusterMessage(message, 'sigil:api-keys-forget')) {
      emit({ lost: false })
      if (primary.connected) primary.send({ type: 'sigil:api-keys-forgotten', id: message.id }, () => {})
    } else if (isClusterMessage(message, 'sigil:api-keys-relayed')) pending.get(message.id)?.()
  }
  const onDisconnect = () => {
    emit({ lost: true })
    for (const done of [...pending.values()]) done()
  }
  primary.on('message', onMessage)
  primary.on('disconnect', onDisconnect)
  return {
    get live() {
      return !closed && primary.connected
    },
    publish() {
      if (closed || !primary.connected) return Promise.resolve()
      const id = nextId++
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          pending.delete(id)
          resolve()
        }
        const timer = setTimeout(done, relayTimeoutMs)
        pending.set(id, done)
        primary.send({ type: 'sigil:api-keys-changed', id }, (error) => {
          if (error) done()
        })
      })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    async close() {
      closed = true
      primary.off('message', onMessage)
      primary.off('disconnect', onDisconnect)
      for (const done of [...pending.values()]) done()
      listeners.clear()
    },
  }
}
