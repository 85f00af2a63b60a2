import { ed25519 } from '@noble/curves/ed25519.js'
import { base58Encode, bytesToHex } from '@sigil/protocol'
import type { KeyFormat } from './toKeyFormat.js'

/**
 * How the export page shows a private key: `0x` + hex (default, `HEXADECIMAL`), or for `SOLANA`
 * the 64-byte base58 secret (`priv ‖ ed25519 public key`) that Phantom and Solflare import.
 *
 * @example
 * formatExportedKey(secret, 'SOLANA') // '4Zx…'
 */
export function formatExportedKey(secret: Uint8Array, keyFormat: KeyFormat = 'HEXADECIMAL'): string {
  if (secret.length !== 32) throw new Error('an exported key is 32 bytes')
  if (keyFormat === 'SOLANA')
    return base58Encode(new Uint8Array([...secret, ...ed25519.getPublicKey(secret)]))
  return `0x${bytesToHex(secret)}`
}
