import { sha256 } from '@noble/hashes/sha2.js'
import { createBase58check } from '@scure/base'
import { InvalidEncodingError } from '../errors/InvalidEncodingError.js'

const base58check = createBase58check(sha256)

/**
 * Decodes base58check (4-byte double-SHA-256 checksum, no version byte) and returns the payload.
 * Throws `InvalidEncodingError` on a bad character, a string too short to hold a checksum, or a
 * checksum mismatch.
 *
 * @example
 * base58checkDecode('3DUz7ncyT') // Uint8Array [1, 2, 3]
 */
export function base58checkDecode(text: string): Uint8Array {
  try {
    return base58check.decode(text)
  } catch (cause) {
    throw new InvalidEncodingError('invalid base58check', {
      details: cause instanceof Error ? cause.message : 'undecodable',
      cause,
    })
  }
}
