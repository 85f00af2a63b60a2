import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { SigilServer } from '../createSigilServer.js'

export type LocalListener = {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string
  server: Server
  /** Stops listening and drops open keep-alive connections. */
  close(): Promise<void>
}

/**
 * Serves `app` through `@hono/node-server` on a free port of 127.0.0.1: the real listener that
 * clients reach over TCP, as `sigil-server start` runs it.
 *
 * @example
 * const listener = await serveOnLocalPort(server.app)
 * await fetch(`${listener.url}/health`)
 * await listener.close()
 */
export async function serveOnLocalPort(app: SigilServer): Promise<LocalListener> {
  let server: Server | undefined
  const info = await new Promise<AddressInfo>((resolve, reject) => {
    server = serve(
      { fetch: app.fetch, createServer: app.createServer, port: 0, hostname: '127.0.0.1' },
      resolve,
    ) as Server
    server.once('error', reject)
  })
  const listening = server!
  return {
    url: `http://127.0.0.1:${info.port}`,
    server: listening,
    close: () =>
      new Promise<void>((resolve, reject) => {
        listening.close((error) => (error ? reject(error) : resolve()))
        listening.closeAllConnections()
      }),
  }
}
