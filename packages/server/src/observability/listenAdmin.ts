import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'

export type AdminListener = {
  /** `http://HOST:PORT`, no trailing slash. */
  url: string
  port: number
  close(): Promise<void>
}

/**
 * Serves an admin app (`createAdminApp`, or `createClusterAdminApp` in a `--workers` primary) on `host`
 * (default 127.0.0.1: loopback, so metrics are not public unless the operator says so) and `port` (0: any
 * free port).
 *
 * @example
 * const admin = await listenAdmin(createAdminApp(app.sigil), { port: 9464 })
 */
export async function listenAdmin(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  { port, host = '127.0.0.1' }: { port: number; host?: string | undefined },
): Promise<AdminListener> {
  let server: Server | undefined
  const info = await new Promise<AddressInfo>((resolve, reject) => {
    server = serve({ fetch: app.fetch, port, hostname: host }, resolve) as Server
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE' ? `admin port ${port} on ${host} is already in use` : error.message,
        ),
      ),
    )
  })
  const listening = server!
  const shown = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${shown}:${info.port}`,
    port: info.port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        listening.close((error) => (error ? reject(error) : resolve()))
        listening.closeAllConnections()
      }),
  }
}
