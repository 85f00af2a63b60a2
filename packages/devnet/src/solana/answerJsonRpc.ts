import { SolanaRpcError, solanaRpcErrorCodes } from './SolanaRpcError.js'
import { stringifyJsonWithBigInts } from './stringifyJsonWithBigInts.js'

export type JsonRpcCall = (method: string, params: readonly unknown[]) => unknown

type Id = string | number | null

/**
 * Answers a JSON-RPC 2.0 text (one request or a batch) with `call`: -32700 for text that is not JSON, -32600
 * for a request without `jsonrpc: '2.0'` and a method, -32602 for params that are neither a list nor absent,
 * the `SolanaRpcError`'s code and data otherwise (-32603 for anything unexpected). Notifications (no `id`) get
 * no answer; `undefined` when nothing is to be answered.
 *
 * @example
 * answerJsonRpc('{"jsonrpc":"2.0","id":1,"method":"getSlot"}', (method) => 1n) // '{"jsonrpc":"2.0","result":1,"id":1}'
 */
export function answerJsonRpc(text: string, call: JsonRpcCall): string | undefined {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return stringifyJsonWithBigInts(
      failure(null, new SolanaRpcError(solanaRpcErrorCodes.PARSE_ERROR, 'Parse error')),
    )
  }
  if (!Array.isArray(body)) {
    const answer = answerOne(body, call)
    return answer === undefined ? undefined : stringifyJsonWithBigInts(answer)
  }
  if (body.length === 0)
    return stringifyJsonWithBigInts(
      failure(null, new SolanaRpcError(solanaRpcErrorCodes.INVALID_REQUEST, 'Invalid request: empty batch')),
    )
  const answers = body.map((request) => answerOne(request, call)).filter((answer) => answer !== undefined)
  return answers.length === 0 ? undefined : stringifyJsonWithBigInts(answers)
}

function answerOne(request: unknown, call: JsonRpcCall): object | undefined {
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    return failure(null, new SolanaRpcError(solanaRpcErrorCodes.INVALID_REQUEST, 'Invalid request'))
  const { jsonrpc, method, params, id } = request as Record<string, unknown>
  const validId = id === null || typeof id === 'string' || typeof id === 'number'
  const answerId: Id = validId ? (id as Id) : null
  if (jsonrpc !== '2.0' || typeof method !== 'string' || (id !== undefined && !validId))
    return failure(answerId, new SolanaRpcError(solanaRpcErrorCodes.INVALID_REQUEST, 'Invalid request'))
  try {
    if (params !== undefined && params !== null && !Array.isArray(params))
      throw new SolanaRpcError(solanaRpcErrorCodes.INVALID_PARAMS, 'Invalid params: params must be a list')
    const result = call(method, (params ?? []) as unknown[])
    return id === undefined ? undefined : { jsonrpc: '2.0', result, id: answerId }
  } catch (error) {
    return id === undefined ? undefined : failure(answerId, error)
  }
}

function failure(id: Id, error: unknown) {
  const known =
    error instanceof SolanaRpcError
      ? error
      : new SolanaRpcError(
          solanaRpcErrorCodes.INTERNAL_ERROR,
          `Internal error: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        )
  const body = {
    code: known.code,
    message: known.shortMessage,
    ...(known.data === undefined ? {} : { data: known.data }),
  }
  return { jsonrpc: '2.0', error: body, id }
}
