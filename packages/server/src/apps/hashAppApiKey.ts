import { createHash } from 'node:crypto'

/**
 * How an app API key is stored: hex SHA-256 (the key has 256 random bits, so no slow hash is needed).
 *
 * @example
 * hashAppApiKey('sigil_…') // '9f86d0…'
 */
export function hashAppApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex')
}
