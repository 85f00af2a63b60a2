import { bytesToHex as nobleBytesToHex } from '@noble/hashes/utils.js'

/**
 * Encodes bytes as lowercase hex, without a `0x` prefix.
 *
 * @example
 * bytesToHex(new Uint8Array([1, 171])) // '01ab'
 */
export function bytesToHex(bytes: Uint8Array): string {
  return nobleBytesToHex(bytes)
}
