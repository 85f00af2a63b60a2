import type { z } from 'zod'
import { RpcError } from '../gateway/RpcError.js'

/**
 * An upstream (node or bundler) answer in the expected shape, else `UPSTREAM_UNAVAILABLE` naming the
 * upstream: a garbled answer is not the client's mistake.
 *
 * @example
 * const { baseFeePerGas } = parseUpstreamResult(blockSchema, block, 'the node of chain 31337')
 */
export function parseUpstreamResult<schema extends z.ZodType>(
  schema: schema,
  value: unknown,
  upstream: string,
): z.output<schema> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new RpcError('UPSTREAM_UNAVAILABLE', `${upstream} answered an unexpected result`)
  return parsed.data
}
