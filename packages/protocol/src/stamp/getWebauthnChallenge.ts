import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '../encoding/bytesToHex.js'

/**
 * The WebAuthn challenge a passkey stamp signs for a body: the lowercase hex of SHA-256(body), used
 * as 64 ASCII bytes (not the 32 digest bytes). Pass its UTF-8 bytes as `publicKey.challenge`.
 *
 * @example
 * getWebauthnChallenge('{"organization_id": "1234", "type": "ACTIVITY_TYPE_CREATE_API_KEYS", "params": {"for": "example"}')
 * // '7e8b4653fc7e51dc119cea031942f4693b4742ceca4dda269b925802b38b2147'
 */
export function getWebauthnChallenge(body: string | Uint8Array): string {
  return bytesToHex(sha256(typeof body === 'string' ? new TextEncoder().encode(body) : body))
}
