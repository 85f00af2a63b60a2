import { AggregatorRegistry } from 'prom-client'
import { checkReadiness } from '../observability/checkReadiness.js'
import { type ClusterMessage, isClusterMessage } from './clusterMessages.js'
import { createClusterApiKeyChannel } from './createClusterApiKeyChannel.js'
import type { StartOptions } from './StartOptions.js'
import { startListening } from './startListening.js'
import { stopGracefully } from './stopGracefully.js'
import { whenConnectionsEnd } from './whenConnectionsEnd.js'

/**
 * One worker of `sigil-server start --workers N` (docs/deploy.md#workers), forked by `runPrimary` after it
 * migrated the store and ran the one-time setup: listens on the shared port, tells the primary (which
 * prints the start-up lines once), keeps its API-key cache in step with the other workers
 * (`createClusterApiKeyChannel`, on SQLite), answers the primary's metrics and readiness requests, and stops
 * gracefully on SIGTERM/SIGINT. When the primary goes away, Node's cluster makes the worker exit at once.
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
  stopGracefully({
    server,
    logger: app.sigil.logger,
    close: async () => {
      await connectionsEnded()
      await listening.close()
      await apiKeyChanges?.close()
    },
  })
  send({
    type: 'sigil:listening',
    url: listening.url,
    port: listening.port,
    notes: listening.notes,
    warnings: listening.warnings,
  })
}
