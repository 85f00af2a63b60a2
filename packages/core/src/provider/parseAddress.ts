import { type Address, getAddress, isAddress } from 'viem'
import { invalidParams } from './invalidParams.js'

/**
 * A 20-byte address param, checksummed (any case is accepted); anything else is -32602 naming `field`.
 *
 * @example
 * parseAddress('0xd8da6bf26964af9d7eed9e03e53415d37aa96045', 'from') // '0xd8dA6BF2…'
 */
export function parseAddress(value: unknown, field: string): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false }))
    throw invalidParams(`${field} must be a 0x-prefixed 20-byte address, got ${JSON.stringify(value)}`)
  return getAddress(value)
}
