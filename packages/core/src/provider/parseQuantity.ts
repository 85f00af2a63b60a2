import { invalidParams } from './invalidParams.js'

/**
 * A JSON-RPC quantity (`0x`-prefixed hex, as EIP-1474 sends numbers) as a bigint; `undefined` stays
 * `undefined`. Anything else is -32602 naming `field`.
 *
 * @example
 * parseQuantity('0x2a', 'value') // 42n
 */
export function parseQuantity(value: unknown, field: string): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value))
    throw invalidParams(`${field} must be a 0x-prefixed hex quantity, got ${JSON.stringify(value)}`)
  return BigInt(value)
}
