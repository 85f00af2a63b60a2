import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '../encoding/bytesToHex.js'

/**
 * Computes an activity's fingerprint: `"sha256:"` + lowercase hex of SHA-256 over the exact request
 * body bytes (a string is taken as its UTF-8 bytes). Byte-sensitive: a re-serialized body differs.
 *
 * @example
 * computeActivityFingerprint('') // 'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
 */
export function computeActivityFingerprint(body: string | Uint8Array): string {
  return `sha256:${bytesToHex(sha256(typeof body === 'string' ? new TextEncoder().encode(body) : body))}`
}
