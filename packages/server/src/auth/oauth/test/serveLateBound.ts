import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'

export type LateBoundListener = {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string
  /** Sets the app that answers (requests before that get a 503). */
  bind(fetch: (request: Request) => Response | Promise<Response>): void
  close(): Promise<void>
}

/**
 * A real listener (`@hono/node-server`) on a free port of 127.0.0.1 whose app is set later: the
 * Sigil server must know its public URL (the OAuth redirect_uri) before it is created.
 *
 * @example
 * const listener = await serveLateBound()
 * const server = await createTestServer('sqlite', { publicUrl: listener.url })
 * listener.bind(server.app.fetch)
 */
export async function serveLateBound(): Promise<LateBoundListener> {
  let target: ((request: Request) => Response | Promise<Response>) | undefined
  const server = createServer(
    getRequestListener((request) => (target ? target(request) : new Response('not ready', { status: 503 }))),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bind(fetch) {
      target = fetch
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
