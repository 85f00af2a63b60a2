import { ed25519 } from '@noble/curves/ed25519.js'
import { getAddressDecoder } from '@solana/kit'
import type { Kysely } from 'kysely'
import type { SolanaFeePayer } from '../../gateway/SolanaFeePayer.js'
import type { Database } from '../../store/schema.js'
import type { Vault } from '../../vault/createVault.js'
import { ensureServerKey } from '../../vault/ensureServerKey.js'

/** Name of the Solana fee payer's row in `server_keys`. */
export const solanaFeePayerKeyName = 'solana-fee-payer'

/**
 * Returns the server's Solana fee payer (an ed25519 key sealed in the vault, in `server_keys`),
 * creating it on first use. Every server instance and the CLI on the same store get the same key.
 *
 * @example
 * const { address } = await ensureSolanaFeePayer(db, vault, { now: Date.now() })
 */
export async function ensureSolanaFeePayer(
  db: Kysely<Database>,
  vault: Vault,
  { now }: { now: number },
): Promise<SolanaFeePayer> {
  const { publicKey, sealedPrivateKey } = await ensureServerKey(db, vault, {
    name: solanaFeePayerKeyName,
    generate() {
      const privateKey = ed25519.utils.randomSecretKey()
      return { privateKey, publicKey: getAddressDecoder().decode(ed25519.getPublicKey(privateKey)) }
    },
    now,
  })
  return { address: publicKey, sealedPrivateKey }
}
