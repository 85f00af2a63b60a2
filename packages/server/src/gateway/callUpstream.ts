import type { Logger } from '../log/createLogger.js'
import { RpcError } from './RpcError.js'

export type CallUpstreamParameters = {
  /** The node's or bundler's URL (may carry an API key: never logged or answered). */
  url: string
  method: string
  params: unknown
  /** For the log line and messages: e.g. `node of chain 31337`. */
  label: string
  logger: Logger
  timeoutMs?: number | undefined
}

/**
 * One JSON-RPC call to a chain's node or bundler, with only `Content-Type` (the client's headers,
 * its credentials included, never travel upstream). Resolves with the `result`; an upstream JSON-RPC
 * error is rethrown as an {@link RpcError} with the upstream's code, message and data; an unreachable
 * or garbled upstream is `UPSTREAM_UNAVAILABLE`.
 *
 * @example
 * const fee = await callUpstream({ url: chain.rpcUrl, method: 'eth_maxPriorityFeePerGas', params: [], label, logger })
 */
export async function callUpstream(parameters: CallUpstreamParameters): Promise<unknown> {
  const { url, method, params, label, logger, timeoutMs = 30_000 } = parameters
  let body: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } }
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    body = (await response.json()) as typeof body
    if (typeof body !== 'object' || body === null) throw new TypeError('not a JSON-RPC response')
  } catch (cause) {
    logger.warn('rpc upstream unavailable', { upstream: label, method, error: (cause as Error).name })
    throw new RpcError('UPSTREAM_UNAVAILABLE', `the ${label} did not answer`, { cause })
  }
  if (body.error) {
    const { code, message, data } = body.error
    throw new RpcError(
      typeof code === 'number' && Number.isInteger(code) ? code : 'INTERNAL',
      typeof message === 'string' ? message : `the ${label} refused ${method}`,
      { data },
    )
  }
  return body.result
}
