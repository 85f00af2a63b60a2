import type { Logger } from '../log/createLogger.js'
import { untilListening, type WatchedWorker } from './untilListening.js'

export type ReplacementOutcome = 'serving' | 'killed' | 'failed'

/**
 * Watches a worker the primary forked to replace one that died (docs/deploy.md#workers) until it listens.
 * `serving`: it listens on the cluster's `port`. `killed`: it listens on another port, so it lost the port-0
 * race (told to share the listener of a worker that died before it listened, it opened a new one); it is
 * killed with SIGKILL, and the worker that replaces it in turn is told the cluster's port once no worker
 * holds the stray listener. `failed`: it exited before it listened. Each outcome but `serving` is logged as
 * an error.
 *
 * @example
 * const outcome = await superviseReplacement(cluster.fork(), { port: 8787, logger })
 */
export async function superviseReplacement(
  worker: WatchedWorker,
  { port, logger }: { port: number; logger: Logger },
): Promise<ReplacementOutcome> {
  let listening: Awaited<ReturnType<typeof untilListening>>
  try {
    listening = await untilListening(worker)
  } catch (error) {
    logger.error('replacement worker failed to start', { error: (error as Error).message })
    return 'failed'
  }
  if (listening.port !== port) {
    logger.error('replacement worker listens on another port, replacing it', {
      port: listening.port,
      clusterPort: port,
    })
    worker.process.kill('SIGKILL')
    return 'killed'
  }
  logger.info('worker replaced', { worker: worker.process.pid })
  return 'serving'
}
