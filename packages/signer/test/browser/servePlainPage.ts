import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export type PlainPage = {
  /** `http://localhost:PORT`: another origin than the test app's, on the same site. */
  url: string
  close(): Promise<void>
}

/**
 * Serves one plain HTML page (a heading, no script) on a port of its own, as a page of another app
 * or tenant on the test app's site: tests drive it with `page.evaluate`.
 *
 * @example
 * const tenantB = await servePlainPage('Tenant B')
 * await page.goto(`${tenantB.url}/`)
 */
export async function servePlainPage(title: string): Promise<PlainPage> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><title>${title}</title><h1>${title}</h1>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
