import { createHash } from 'node:crypto'

/**
 * The OIDC nonce that binds a login to the client's key (Turnkey's binding): lowercase hex, no `0x`,
 * of SHA-256 over the UTF-8 characters of the public key's hex string (not over the key bytes).
 *
 * @example
 * toOauthNonce('04ab…') // '5f1c…' (64 hex characters)
 */
export function toOauthNonce(turnkeyPublicKey: string): string {
  return createHash('sha256').update(turnkeyPublicKey, 'utf8').digest('hex')
}
