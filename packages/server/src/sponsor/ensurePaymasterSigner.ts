import { secp256k1 } from '@noble/curves/secp256k1.js'
import type { Kysely } from 'kysely'
import { type Address, bytesToHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import type { PaymasterSigner } from '../gateway/PaymasterSigner.js'
import type { Database } from '../store/schema.js'
import type { Vault } from '../vault/createVault.js'
import { ensureServerKey } from '../vault/ensureServerKey.js'

/** Name of the paymaster signer's row in `server_keys`. */
export const paymasterSignerKeyName = 'paymaster-signer'

/**
 * Returns the server's paymaster signer (a secp256k1 key sealed in the vault, in `server_keys`),
 * creating it on first use. Every server instance and the CLI on the same store get the same key.
 *
 * @example
 * const { address } = await ensurePaymasterSigner(db, vault, { now: Date.now() })
 */
export async function ensurePaymasterSigner(
  db: Kysely<Database>,
  vault: Vault,
  { now }: { now: number },
): Promise<PaymasterSigner> {
  const { publicKey, sealedPrivateKey } = await ensureServerKey(db, vault, {
    name: paymasterSignerKeyName,
    generate() {
      const privateKey = secp256k1.utils.randomSecretKey()
      return { privateKey, publicKey: privateKeyToAddress(bytesToHex(privateKey)) }
    },
    now,
  })
  return { address: publicKey as Address, sealedPrivateKey }
}
