import { type ClusterMessage, isClusterMessage } from './clusterMessages.js'

export type ListeningMessage = Extract<ClusterMessage, { type: 'sigil:listening' }>

/** What the primary watches of a worker (a cluster `Worker`): its IPC messages, its exit and its process. */
export type WatchedWorker = {
  on(event: 'message', listener: (message: unknown) => void): unknown
  once(event: 'exit', listener: (code: number | null, signal: string | null) => void): unknown
  off(event: 'message', listener: (message: unknown) => void): unknown
  off(event: 'exit', listener: (code: number | null, signal: string | null) => void): unknown
  process: { pid?: number | undefined; kill(signal?: NodeJS.Signals): boolean }
}

/**
 * Resolves with a worker's `sigil:listening` message (`clusterMessages`); rejects when it exits first.
 *
 * @example
 * const { port, url } = await untilListening(cluster.fork())
 */
export function untilListening(worker: WatchedWorker): Promise<ListeningMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isClusterMessage(message, 'sigil:listening')) return
      worker.off('exit', onExit)
      worker.off('message', onMessage)
      resolve(message)
    }
    const onExit = (code: number | null, signal: string | null) => {
      worker.off('message', onMessage)
      reject(
        new Error(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}) before it listened`),
      )
    }
    worker.on('message', onMessage)
    worker.once('exit', onExit)
  })
}
