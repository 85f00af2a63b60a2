import type { Hex } from 'viem'
import { invalidParams } from './invalidParams.js'

/**
 * Optional call data: `0x`-prefixed hex of whole bytes, or `undefined`; anything else is -32602 naming `field`.
 *
 * @example
 * parseHexData('0xa9059cbb', 'data') // '0xa9059cbb'
 */
export function parseHexData(value: unknown, field: string): Hex | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value))
    throw invalidParams(`${field} must be 0x-prefixed hex bytes, got ${JSON.stringify(value)}`)
  return value as Hex
}
