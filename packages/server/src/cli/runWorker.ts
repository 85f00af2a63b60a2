import cluster from 'node:cluster'
import { AggregatorRegistry } from 'prom-client'
import { checkReadiness } from '../observability/checkReadiness.js'
import { type ClusterMessage, isClusterMessage } from './clusterMessages.js'
import { createClusterApiKeyChannel } from './createClusterApiKeyChannel.js'
import { isListenPortMessage } from './listenPortMessages.js'
import type { StartOptions } from './StartOptions.js'
import { startListening } from './startListening.js'
import { stopGracefully } from './stopGracefully.js'
import { whenConnectionsEnd } from './whenConnectionsEnd.js'

/**
 * One worker of `sigil-server start --workers N` (docs/deploy.md#workers), forked by `runPrimary` after it
 * migrated the store and ran the one-time setup: listens on the shared port, tells the primary (which
 * prints the start-up lines once), keeps its API-key cache in step with the other workers
 * (`createClusterApiKeyChannel`, on SQLite), answers the primary's metrics and readiness requests, and stops
 * gracefully on SIGTERM/SIGINT, and also when its primary is gone (killed or crashed): it finishes what is in
 * flight instead of exiting at once as Node's cluster would. With `--port 0` it asks the primary which port
 * to listen with (`listenPortMessages`), so replacements keep the cluster's port.
 *
 * @example
 * if (cluster.isWorker) await runWorker(options)
 */
export async function runWorker(options: StartOptions): Promise<void> {
  // SQLite: the workers' API-key caches hear of each other's writes over the cluster's IPC. PostgreSQL's
  // default channel (LISTEN/NOTIFY) already reaches every worker and every other instance.
  const apiKeyChanges = options.config.databaseUrl ? undefined : createClusterApiKeyChannel()
  const listening = await startListening({
    ...options,
    config: { ...options.config, ...(apiKeyChanges ? { apiKeyChanges } : {}) },
    ...(options.port === 0 ? { choosePort: askListenPort } : {}),
  }).catch(async (error: Error) => {
    await apiKeyChanges?.close()
    throw error
  })
  const { app, server } = listening
  const connectionsEnded = whenConnectionsEnd(server)
  // prom-client answers the primary's `clusterMetrics()` from this worker's registry.
  new AggregatorRegistry()
  AggregatorRegistry.setRegistries([app.sigil.metrics.registry])
  const send = (message: ClusterMessage) => {
    if (process.connected) process.send?.(message)
  }
  process.on('message', (message: unknown) => {
    if (isClusterMessage(message, 'sigil:check-readiness'))
      void checkReadiness(app.sigil).then((readiness) =>
        send({ type: 'sigil:readiness', id: message.id, readiness }),
      )
  })
  const stop = stopGracefully({
    server,
    logger: app.sigil.logger,
    close: async () => {
      await connectionsEnded()
      await listening.close()
      await apiKeyChanges?.close()
    },
  })
  // Node's cluster exits a worker at once when the channel to its primary closes (the primary was killed
  // or crashed) unless the disconnect was asked for; this one was not, but what is in flight is answered
  // first, as on SIGTERM. No new connection arrives: the primary held the listening socket.
  const worker = cluster.worker
  worker?.once('disconnect', () => {
    worker.exitedAfterDisconnect = true
    void stop('primary gone')
  })
  send({
    type: 'sigil:listening',
    url: listening.url,
    port: listening.port,
    notes: listening.notes,
    warnings: listening.warnings,
  })
}

/** Asks the primary which port to pass to `listen` (`listenPortMessages`); rejects if it is gone. */
function askListenPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isListenPortMessage(message, 'sigil:listen-port')) return
      process.off('disconnect', onDisconnect)
      process.off('message', onMessage)
      resolve(message.port)
    }
    const onDisconnect = () => {
      process.off('message', onMessage)
      reject(new Error('the primary went away before it said which port to listen on'))
    }
    process.on('message', onMessage)
    process.once('disconnect', onDisconnect)
    if (process.connected) process.send?.({ type: 'sigil:which-port' })
    else onDisconnect()
  })
}
