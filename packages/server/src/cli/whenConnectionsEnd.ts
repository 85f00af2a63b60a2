import type { Server } from 'node:http'

/**
 * Call right after the listener is made; returns a wait for the end of its last connection once
 * `server.close()` was called, closing connections as they go idle meanwhile. `stopGracefully` waits for the
 * requests it has seen; a connection accepted before the listener closed whose request was still arriving
 * (headers half read) is not one of them, and its request would meet a closed store. Waiting for every
 * connection to end before closing the app answers it normally (docs/deploy.md#shutdown).
 *
 * @example
 * const connectionsEnded = whenConnectionsEnd(server)
 * stopGracefully({ server, logger, close: async () => { await connectionsEnded(); await app.close() } })
 */
export function whenConnectionsEnd(server: Server): () => Promise<void> {
  const closed = new Promise<void>((resolve) => server.once('close', resolve))
  return async () => {
    const idle = setInterval(() => server.closeIdleConnections(), 20)
    try {
      await closed
    } finally {
      clearInterval(idle)
    }
  }
}
