import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export type CountingRpcProxy = {
  /** `http://127.0.0.1:<port>` of the proxy. */
  url: string
  /** JSON-RPC calls of `method` forwarded since the start (each call of a batch counts). */
  calls(method: string): number
  close(): Promise<void>
}

/**
 * Tests: an HTTP proxy on 127.0.0.1 in front of a JSON-RPC node (`target`) that forwards every POST
 * unchanged and counts the calls by method, to see from outside the server how often it asks the node.
 *
 * @example
 * const proxy = await startCountingRpcProxy(solana.rpcUrl)
 * proxy.calls('getSignatureStatuses') // 0
 * await proxy.close()
 */
export async function startCountingRpcProxy(target: string): Promise<CountingRpcProxy> {
  const counts = new Map<string, number>()
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { method?: string } | { method?: string }[]
      for (const call of Array.isArray(parsed) ? parsed : [parsed])
        if (typeof call?.method === 'string') counts.set(call.method, (counts.get(call.method) ?? 0) + 1)
    } catch {
      // Not JSON: forwarded as is, not counted.
    }
    try {
      const answer = await fetch(target, {
        method: request.method,
        headers: { 'content-type': request.headers['content-type'] ?? 'application/json' },
        body: request.method === 'POST' ? body : undefined,
      })
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      })
      response.end(Buffer.from(await answer.arrayBuffer()))
    } catch {
      response.writeHead(502).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: (method) => counts.get(method) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
