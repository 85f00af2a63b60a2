import { InvalidMasterKeyError } from './errors.js'

const hex = /^[0-9a-fA-F]{64}$/
const base64 = /^[A-Za-z0-9+/_-]{43}=?$/

/**
 * Reads a 32-byte master key written as 64 hex characters or as base64 / base64url (padded or not).
 * Surrounding whitespace is ignored. Errors name the source and the length, never the value.
 *
 * @example
 * const masterKey = parseMasterKey(process.env.SIGIL_MASTER_KEY ?? '', 'SIGIL_MASTER_KEY')
 */
export function parseMasterKey(text: string, source: string): Uint8Array {
  const trimmed = text.trim()
  let key: Uint8Array | undefined
  if (hex.test(trimmed)) key = Buffer.from(trimmed, 'hex')
  else if (base64.test(trimmed)) key = Buffer.from(trimmed, 'base64')
  if (key?.length !== 32) {
    throw new InvalidMasterKeyError(
      `${source} is not a 32-byte key: expected 64 hex characters or base64/base64url of 32 bytes, got ${trimmed.length} characters`,
    )
  }
  if (key.every((byte) => byte === 0)) throw new InvalidMasterKeyError(`${source} is all zeros`)
  return key
}
