import type { z } from 'zod'
import { RpcError } from './RpcError.js'

/**
 * Validates JSON-RPC `params` with a zod schema; on failure throws `INVALID_PARAMS` naming the first
 * bad field (e.g. `invalid params: 0.sender: must be a 0x address (20 bytes)`).
 *
 * @example
 * const [userOperation, entryPoint] = parseParams(paymasterParamsSchema, request.params)
 */
export function parseParams<schema extends z.ZodType>(
  schema: schema,
  value: unknown,
  prefix = '',
): z.output<schema> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(params)'
  throw new RpcError('INVALID_PARAMS', `invalid params: ${field}: ${issue.message}`)
}
