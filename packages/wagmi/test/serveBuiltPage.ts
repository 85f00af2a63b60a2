import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

export type BuiltPage = {
  /** `http://localhost:PORT`: the page's origin. */
  url: string
  close(): Promise<void>
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}

/**
 * Serves a Vite build (`root`) on a free port of 127.0.0.1: its files, and `index.html` for every other path.
 *
 * @example
 * const page = await serveBuiltPage(pageDir)
 * await tab.goto(`${page.url}/`)
 */
export async function serveBuiltPage(root: string): Promise<BuiltPage> {
  const base = normalize(root + sep)
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
    const file = normalize(join(base, path))
    const served = file.startsWith(base) && extname(file) in contentTypes ? file : join(base, 'index.html')
    readFile(served).then(
      (body) => {
        response.writeHead(200, { 'content-type': contentTypes[extname(served)]! })
        response.end(body)
      },
      () => response.writeHead(404, { 'content-type': 'text/plain' }).end('not found'),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
