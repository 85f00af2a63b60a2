import { readFile, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import type { DemoSettings } from '../src/loadDemoSettings.js'

export type ServeDemoParameters = {
  /** The built demo (`vite build`'s `dist`). */
  root: string
  /** Port to listen on; `0` picks a free one. Default 5173. */
  port?: number | undefined
  /** Address to listen on. Default `127.0.0.1`. */
  host?: string | undefined
}

export type DemoServer = {
  /** `http://localhost:PORT`: the origin the dev app allows. */
  url: string
  /** Serves `/config.json` from now on; until then it answers 503. */
  setSettings(settings: DemoSettings): void
  close(): Promise<void>
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

/**
 * A small static server for the built demo: its files (hashed `assets/` cached for a year),
 * `index.html` for every other path (magic-link and OAuth returns land on `/?…`), and
 * `/config.json` with the Sigil server's URL and the dev app's key, from memory: the key is never
 * written next to the page.
 *
 * @example
 * const demo = await serveDemo({ root: 'apps/demo/dist' })
 * demo.setSettings({ rpcUrl: 'http://localhost:8787', apiKey })
 */
export async function serveDemo({
  root,
  port = 5173,
  host = '127.0.0.1',
}: ServeDemoParameters): Promise<DemoServer> {
  let settings: DemoSettings | undefined
  const base = normalize(root + sep)
  const server = createServer((request, response) => {
    const send = (status: number, headers: Record<string, string>, body?: Buffer | string) => {
      response.writeHead(status, { 'x-content-type-options': 'nosniff', ...headers })
      response.end(request.method === 'HEAD' ? undefined : body)
    }
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }, 'method not allowed')
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
    if (path === '/config.json') {
      if (!settings) return send(503, { 'content-type': 'text/plain', 'retry-after': '1' }, 'starting')
      return send(
        200,
        { 'content-type': contentTypes['.json']!, 'cache-control': 'no-store' },
        JSON.stringify(settings),
      )
    }
    void resolveFile(base, path)
      .then(async (file) => {
        const body = await readFile(file)
        const immutable = file.startsWith(join(base, 'assets') + sep)
        send(
          200,
          {
            'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
            'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          },
          body,
        )
      })
      .catch(() => send(404, { 'content-type': 'text/plain' }, 'not found'))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port: actualPort } = server.address() as AddressInfo
  return {
    url: `http://localhost:${actualPort}`,
    setSettings(value) {
      settings = value
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** The file a path names inside `base`, or `index.html` for paths that name no file. */
async function resolveFile(base: string, path: string): Promise<string> {
  const file = normalize(join(base, path))
  if (file.startsWith(base)) {
    const found = await stat(file).catch(() => undefined)
    if (found?.isFile()) return file
  }
  // Unknown asset files are a 404 (a stale page asking for old chunks); other paths are the app.
  if (path.startsWith('/assets/')) throw new Error('not found')
  return join(base, 'index.html')
}
