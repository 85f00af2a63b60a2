import { ed25519 } from '@noble/curves/ed25519.js'
import type { SolanaFeePayer } from '../../gateway/SolanaFeePayer.js'
import type { Vault } from '../../vault/createVault.js'
import { solanaFeePayerKeyName } from './ensureSolanaFeePayer.js'

/**
 * The fee payer's ed25519 signature (64 bytes) over a Solana message. The key is opened from the vault
 * for this signature only and zeroed right after.
 *
 * @example
 * const signature = signWithSolanaFeePayer(vault, feePayer, messageBytes)
 */
export function signWithSolanaFeePayer(
  vault: Vault,
  feePayer: SolanaFeePayer,
  messageBytes: Uint8Array,
): Uint8Array {
  const key = vault.open(feePayer.sealedPrivateKey, `server_key:${solanaFeePayerKeyName}`)
  try {
    return ed25519.sign(messageBytes, key)
  } finally {
    key.fill(0)
  }
}
