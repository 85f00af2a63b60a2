import { DevnetError } from '../errors/DevnetError.js'

export type JsonRpcRequest = (method: string, params?: readonly unknown[]) => Promise<unknown>

/**
 * A bare JSON-RPC caller over `fetch`, for the devnet's first steps, which run before viem is loaded (so that
 * alto, the slow part, can start sooner).
 *
 * @example
 * const request = createJsonRpc('http://127.0.0.1:8545')
 * await request('eth_chainId') // '0x7a69'
 */
export function createJsonRpc(url: string): JsonRpcRequest {
  let id = 0
  return async (method, params = []) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (body.error)
      throw new DevnetError(`${method} failed: ${body.error.message}`, {
        details: `JSON-RPC error ${body.error.code}`,
      })
    return body.result
  }
}
