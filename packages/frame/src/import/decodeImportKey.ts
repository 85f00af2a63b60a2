import { ed25519 } from '@noble/curves/ed25519.js'
import { base58Decode, bytesToHex } from '@sigil/protocol'

/** The key formats the import frame reads. */
export type ImportKeyFormat = 'HEXADECIMAL' | 'SOLANA'

/**
 * The `keyFormat` of an `EXTRACT_KEY_ENCRYPTED_BUNDLE`: absent means `HEXADECIMAL`; any format but
 * `HEXADECIMAL` and `SOLANA` is refused.
 *
 * @example
 * toImportKeyFormat(undefined) // 'HEXADECIMAL'
 */
export function toImportKeyFormat(value: unknown): ImportKeyFormat {
  if (value === undefined || value === null || value === '') return 'HEXADECIMAL'
  if (value === 'HEXADECIMAL' || value === 'SOLANA') return value
  throw new Error(
    `unsupported keyFormat ${JSON.stringify(value)}: the import frame reads keys as HEXADECIMAL or SOLANA`,
  )
}

/**
 * The 32 raw bytes of the private key the user typed (docs/protocol.md#import-frame): for
 * `HEXADECIMAL` 64 hex digits with an optional `0x`; for `SOLANA` the base58 of the 64-byte secret
 * (`private key ‖ Ed25519 public key`, as Phantom and Solflare export it), whose second half must be
 * the public key of the first. Errors never repeat what was typed: the message goes to the parent page.
 *
 * @example
 * decodeImportKey('0x4c0883a6…', 'HEXADECIMAL') // 32 bytes
 */
export function decodeImportKey(typed: string, keyFormat: ImportKeyFormat): Uint8Array {
  const text = typed.trim()
  if (text === '') throw new Error('enter a private key')
  if (keyFormat === 'SOLANA') {
    let bytes: Uint8Array
    try {
      bytes = base58Decode(text)
    } catch {
      throw new Error('invalid Solana private key: it is not base58')
    }
    if (bytes.length !== 64)
      throw new Error(`invalid Solana private key: it is ${bytes.length} bytes; a Solana secret key is 64`)
    const privateKey = bytes.slice(0, 32)
    if (bytesToHex(ed25519.getPublicKey(privateKey)) !== bytesToHex(bytes.slice(32)))
      throw new Error('invalid Solana private key: its last 32 bytes are not the public key of the first 32')
    bytes.fill(0)
    return privateKey
  }
  const hex = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text
  if (!/^[0-9a-fA-F]*$/.test(hex)) throw new Error('invalid private key: it is not hexadecimal')
  if (hex.length !== 64)
    throw new Error(
      `invalid private key: it has ${hex.length} hex digits; a private key is 64 (32 bytes), with an optional 0x`,
    )
  const bytes = new Uint8Array(32)
  for (let index = 0; index < 32; index++)
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16)
  return bytes
}
