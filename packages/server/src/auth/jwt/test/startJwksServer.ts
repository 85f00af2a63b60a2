import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { JWK } from 'jose'

export type JwksServer = {
  /** `http://127.0.0.1:PORT/.well-known/jwks.json`. */
  url: string
  /** The keys served now (public JWKs); replace to rotate. */
  keys: JWK[]
  /** The `Cache-Control` header sent, or undefined for none. */
  cacheControl: string | undefined
  /** Answer with this HTTP status instead of the keys (an outage), or undefined. */
  failWith: number | undefined
  /** How many times the set was fetched. */
  readonly fetches: number
  close(): Promise<void>
}

/**
 * A real JWKS endpoint on 127.0.0.1 (port 0), the issuer side of custom-JWT tests: serves `keys`
 * with `cacheControl` and counts fetches.
 *
 * @example
 * const jwks = await startJwksServer([issuerKey.publicJwk])
 * jwks.keys = [rotatedKey.publicJwk]
 */
export async function startJwksServer(keys: JWK[] = []): Promise<JwksServer> {
  let fetches = 0
  const state = {
    keys,
    cacheControl: undefined as string | undefined,
    failWith: undefined as number | undefined,
  }
  const server = createServer((request, response) => {
    if (request.url !== '/.well-known/jwks.json') {
      response.writeHead(404).end()
      return
    }
    fetches++
    if (state.failWith !== undefined) {
      response.writeHead(state.failWith).end()
      return
    }
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (state.cacheControl !== undefined) headers['cache-control'] = state.cacheControl
    response.writeHead(200, headers).end(JSON.stringify({ keys: state.keys }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    get keys() {
      return state.keys
    },
    set keys(next) {
      state.keys = next
    },
    get cacheControl() {
      return state.cacheControl
    },
    set cacheControl(next) {
      state.cacheControl = next
    },
    get failWith() {
      return state.failWith
    },
    set failWith(next) {
      state.failWith = next
    },
    get fetches() {
      return fetches
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
