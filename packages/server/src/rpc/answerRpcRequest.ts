import type { ChainConfig } from '../gateway/ChainConfig.js'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { RpcError } from '../gateway/RpcError.js'
import { rpcRequestSchema } from '../gateway/rpcSchemas.js'
import { handleRpcCall } from './handleRpcCall.js'

type RpcId = string | number | null

export type RpcResponse =
  | { jsonrpc: '2.0'; id: RpcId; result: unknown }
  | { jsonrpc: '2.0'; id: RpcId; error: { code: number; message: string; data?: unknown } }

/** A JSON-RPC error response for `error` (an {@link RpcError}; anything else is an internal error). */
export function toRpcErrorResponse(id: RpcId, error: RpcError): RpcResponse {
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: error.code,
      message: error.shortMessage,
      ...(error.data === undefined ? {} : { data: error.data }),
    },
  }
}

/**
 * Answers one element of a JSON-RPC request (or batch): validates the envelope, runs the method and
 * renders its result or error. Never throws: an unexpected failure is logged by name only and answered
 * as `-32603 internal error (request <id>)`.
 *
 * @example
 * const response = await answerRpcRequest(request, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
 */
export async function answerRpcRequest(
  request: GatewayRequest<ChainConfig>,
  item: unknown,
): Promise<RpcResponse> {
  const rawId = (item as { id?: unknown } | null)?.id
  let id: RpcId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null
  const parsed = rpcRequestSchema.safeParse(item)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const field = issue.path.map(String).join('.') || '(request)'
    return toRpcErrorResponse(
      id,
      new RpcError('INVALID_REQUEST', `invalid request: ${field}: ${issue.message}`),
    )
  }
  id = parsed.data.id ?? null
  try {
    const result = await handleRpcCall(request, parsed.data.method, parsed.data.params)
    return { jsonrpc: '2.0', id, result: result ?? null }
  } catch (error) {
    if (error instanceof RpcError) return toRpcErrorResponse(id, error)
    const requestId = crypto.randomUUID()
    request.ctx.logger.error('rpc internal error', {
      requestId,
      chainId: request.chain.id,
      method: parsed.data.method,
      error: (error as Error)?.name,
    })
    return toRpcErrorResponse(id, new RpcError('INTERNAL', `internal error (request ${requestId})`))
  }
}
