import { invalidParams } from './invalidParams.js'
import { parseQuantity } from './parseQuantity.js'

/**
 * A chain id as EIP-1193 / EIP-3326 / ERC-5792 send it (a hex string, e.g. `'0x7a69'`) as a number;
 * anything else is -32602 naming `field`.
 *
 * @example
 * parseChainId('0x2105', 'chainId') // 8453
 */
export function parseChainId(value: unknown, field: string): number {
  const chainId = parseQuantity(value, field)
  if (chainId === undefined) throw invalidParams(`${field} is required (a hex chain id such as "0x1")`)
  if (chainId === 0n || chainId > BigInt(Number.MAX_SAFE_INTEGER))
    throw invalidParams(`${field} ${String(value)} is not a chain id`)
  return Number(chainId)
}
