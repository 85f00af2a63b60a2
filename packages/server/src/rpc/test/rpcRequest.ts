import type { SigilServer } from '../../createSigilServer.js'

/**
 * Gateway tests: POSTs one JSON-RPC call (or a raw body) to `/rpc/<chainId>` in process and returns
 * the HTTP status and parsed body.
 *
 * @example
 * const { body } = await rpcRequest(app, { chainId: 31337, apiKey, method: 'eth_chainId' })
 */
export async function rpcRequest(
  app: SigilServer,
  {
    chainId = 31337,
    apiKey,
    method,
    params = [],
    raw,
    headers = {},
  }: {
    chainId?: number | string
    apiKey?: string | undefined
    method?: string
    params?: unknown
    raw?: string
    headers?: Record<string, string>
  },
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape the gateway answered.
): Promise<{ status: number; body: any }> {
  const response = await app.request(`/rpc/${chainId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
      ...headers,
    },
    body: raw ?? JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  })
  return { status: response.status, body: await response.json() }
}
