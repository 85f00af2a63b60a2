import type { Worker } from 'node:cluster'
import { isClusterMessage } from './clusterMessages.js'

/** What the relay needs of `node:cluster` in the primary. */
export type ClusterPrimary = {
  readonly workers?: NodeJS.Dict<Worker>
  on(event: 'message', listener: (worker: Worker, message: unknown) => void): unknown
  on(event: 'exit', listener: (worker: Worker) => void): unknown
  off(event: 'message', listener: (worker: Worker, message: unknown) => void): unknown
  off(event: 'exit', listener: (worker: Worker) => void): unknown
}

/**
 * The primary's half of the workers' API-key channel (see `createClusterApiKeyChannel`): a worker's
 * `api-keys-changed` goes to every other connected worker as `api-keys-forget`; once each has answered
 * `api-keys-forgotten` (or exited), the publisher gets `api-keys-relayed`. Returns the stop function.
 *
 * @example
 * const stop = relayApiKeyChanges(cluster)
 */
export function relayApiKeyChanges(cluster: ClusterPrimary): () => void {
  let nextRelay = 0
  /** Per relay: the workers still to answer, and what to do once none is left. */
  const relays = new Map<number, { waiting: Set<number>; done: () => void }>()
  const answered = (relay: number, workerId: number) => {
    const entry = relays.get(relay)
    if (!entry) return
    entry.waiting.delete(workerId)
    if (entry.waiting.size === 0) {
      relays.delete(relay)
      entry.done()
    }
  }
  const onMessage = (from: Worker, message: unknown) => {
    if (isClusterMessage(message, 'sigil:api-keys-forgotten')) return answered(message.id, from.id)
    if (!isClusterMessage(message, 'sigil:api-keys-changed')) return
    const relay = nextRelay++
    const others = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined && worker !== from && worker.isConnected(),
    )
    const done = () => {
      if (from.isConnected()) from.send({ type: 'sigil:api-keys-relayed', id: message.id })
    }
    relays.set(relay, { waiting: new Set(others.map((worker) => worker.id)), done })
    if (others.length === 0) return answered(relay, -1)
    for (const worker of others) worker.send({ type: 'sigil:api-keys-forget', id: relay })
  }
  const onExit = (worker: Worker) => {
    for (const relay of [...relays.keys()]) answered(relay, worker.id)
  }
  cluster.on('message', onMessage)
  cluster.on('exit', onExit)
  return () => {
    cluster.off('message', onMessage)
    cluster.off('exit', onExit)
  }
}
