import { sha256 } from '@noble/hashes/sha2.js'
import { createBase58check } from '@scure/base'

const base58check = createBase58check(sha256)

/**
 * Encodes a payload as base58check: base58 (Bitcoin alphabet) of the payload followed by the first
 * 4 bytes of SHA-256(SHA-256(payload)). No version byte is added.
 *
 * @example
 * base58checkEncode(new Uint8Array([1, 2, 3])) // '3DUz7ncyT'
 */
export function base58checkEncode(payload: Uint8Array): string {
  return base58check.encode(payload)
}
