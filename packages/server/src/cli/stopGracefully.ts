import type { Server } from 'node:http'
import type { Logger } from '../log/createLogger.js'

export type StopGracefullyParameters = {
  server: Server
  /** Closes everything else once no request is in flight: other listeners, then the app (writes, store). */
  close: () => Promise<void>
  logger: Logger
  /** After this, the process exits 1 whatever is still running. Default 10 s. */
  timeoutMs?: number
  signals?: NodeJS.Signals[]
  exit?: (code: number) => void
}

/**
 * Graceful shutdown of `sigil-server start` on SIGTERM or SIGINT (docs/deploy.md#shutdown): the listener
 * stops accepting connections, requests in flight are answered (their activities are committed before
 * their answer), idle keep-alive connections are closed, then `close` flushes pending store writes and
 * closes the store, and the process exits 0. If that takes longer than `timeoutMs` it exits 1. Returns the
 * same stop for a cause that is not a signal (a `--workers` worker whose primary is gone,
 * docs/deploy.md#workers), logged as `reason`.
 *
 * @example
 * const stop = stopGracefully({ server, logger, close: () => app.close() })
 * process.once('disconnect', () => void stop('primary gone'))
 */
export function stopGracefully(parameters: StopGracefullyParameters): (reason: string) => Promise<void> {
  const { server, close, logger, timeoutMs = 10_000, signals = ['SIGTERM', 'SIGINT'] } = parameters
  const exit = parameters.exit ?? ((code: number) => process.exit(code))
  let inFlight = 0
  let drained: (() => void) | undefined
  server.on('request', (_request, response) => {
    inFlight++
    response.once('close', () => {
      inFlight--
      if (inFlight === 0) drained?.()
    })
  })
  let stopping = false
  const stop = async (cause: { signal: NodeJS.Signals } | { reason: string }) => {
    if (stopping) return
    stopping = true
    const started = Date.now()
    logger.info('shutting down', { ...cause, inFlight })
    const force = setTimeout(() => {
      logger.error('shutdown took too long, exiting', { timeoutMs, inFlight })
      exit(1)
    }, timeoutMs)
    force.unref()
    try {
      server.close()
      // Keep-alive connections that go idle after their last answer are closed as they do.
      const idle = setInterval(() => server.closeIdleConnections(), 50)
      server.closeIdleConnections()
      if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve))
      clearInterval(idle)
      server.closeIdleConnections()
      await close()
      logger.info('stopped', { ms: Date.now() - started })
      clearTimeout(force)
      exit(0)
    } catch (error) {
      logger.error('shutdown failed', { error: (error as Error).name })
      clearTimeout(force)
      exit(1)
    }
  }
  for (const signal of signals) process.on(signal, () => void stop({ signal }))
  return (reason) => stop({ reason })
}
