import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '../encoding/bytesToHex.js'

/**
 * The OIDC nonce that binds an OAuth login to the client's target key: lowercase hex (no `0x`) of
 * SHA-256 over the UTF-8 characters of the public key's hex string, not over the key bytes
 * (docs/protocol.md#oauth-state-and-nonce).
 *
 * @example
 * getOauthNonce('04ab…') // 64 hex characters
 */
export function getOauthNonce(turnkeyPublicKey: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(turnkeyPublicKey)))
}
