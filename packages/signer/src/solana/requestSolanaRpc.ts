import type { GatewayStamp } from '../actions/stampGatewayRequest.js'
import { SolanaRpcError } from '../errors/SolanaRpcError.js'
import type { SolanaConnection } from './SolanaConnection.js'

export type RequestSolanaRpcParameters = {
  connection: SolanaConnection
  method: string
  params?: unknown[] | undefined
  /** Default `globalThis.fetch`. */
  fetch?: typeof fetch | undefined
  /** Stamps the exact body as the signed-in user's session (sent with `X-Sigil-Organization`). */
  stamp?: ((body: string) => Promise<GatewayStamp | undefined>) | undefined
}

/**
 * POSTs one JSON-RPC 2.0 call (`id` a random UUID, `accept` and `content-type` `application/json`) to
 * the connection's URL (stamped by `stamp`, when given) and answers its `result`. A JSON-RPC error throws `SolanaRpcError` whose message
 * is the endpoint's message; a non-OK status or a body that is not JSON-RPC throws one too.
 *
 * @example
 * const { value } = await requestSolanaRpc<{ value: { blockhash: string } }>({ connection, method: 'getLatestBlockhash' })
 */
export async function requestSolanaRpc<TResult = unknown>({
  connection,
  method,
  params = [],
  fetch = globalThis.fetch,
  stamp,
}: RequestSolanaRpcParameters): Promise<TResult> {
  const request = JSON.stringify({ id: crypto.randomUUID(), jsonrpc: '2.0', method, params })
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' }
  const stamped = await stamp?.(request)
  if (stamped) {
    headers[stamped.stamp.stampHeaderName] = stamped.stamp.stampHeaderValue
    headers['X-Sigil-Organization'] = stamped.organizationId
  }
  const response = await fetch(connection.rpcUrl, { method: 'POST', headers, body: request })
  const text = await response.text()
  let body: { result?: unknown; error?: unknown } | undefined
  try {
    body = JSON.parse(text)
  } catch (cause) {
    throw new SolanaRpcError(`${method}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`, {
      method,
      code: response.status,
      cause,
    })
  }
  if (body?.error && typeof body.error === 'object') {
    const { code, message, data } = body.error as { code?: unknown; message?: unknown; data?: unknown }
    throw new SolanaRpcError(typeof message === 'string' ? message : JSON.stringify(body.error), {
      method,
      code: typeof code === 'number' ? code : response.status,
      data,
    })
  }
  if (!response.ok || !body || !('result' in body)) {
    // A gateway refusal before JSON-RPC (unknown chain, refused app) is `{ error, code }` with an HTTP status.
    const reason = body?.error
    throw new SolanaRpcError(
      typeof reason === 'string' ? reason : `${method}: HTTP ${response.status}: ${text.slice(0, 200)}`,
      { method, code: response.status },
    )
  }
  return body.result as TResult
}
