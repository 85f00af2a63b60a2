import { base58 } from '@scure/base'

/**
 * Encodes bytes as base58 with the Bitcoin alphabet (the format of Solana addresses and keys).
 *
 * @example
 * base58Encode(new Uint8Array([0, 0, 1])) // '112'
 */
export function base58Encode(bytes: Uint8Array): string {
  return base58.encode(bytes)
}
