import { secp256k1 } from '@noble/curves/secp256k1.js'
import type { Kysely } from 'kysely'
import { type Address, bytesToHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { isUniqueViolation } from '../store/isUniqueViolation.js'
import type { Database } from '../store/schema.js'
import type { Vault } from '../vault/createVault.js'

/** Name of the paymaster signer's row in `server_keys`. */
export const paymasterSignerKeyName = 'paymaster-signer'

export type PaymasterSigner = {
  /** The address the paymaster contracts must trust (`setSigner`). */
  address: Address
  /** Vault envelope of the secp256k1 private key; opened only while a hash is signed. */
  sealedPrivateKey: string
}

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
  const aad = `server_key:${paymasterSignerKeyName}`
  const find = () =>
    db
      .selectFrom('server_keys')
      .select(['public_key', 'sealed_private_key'])
      .where('name', '=', paymasterSignerKeyName)
      .executeTakeFirst()
  let row = await find()
  if (!row) {
    const privateKey = secp256k1.utils.randomSecretKey()
    const address = privateKeyToAddress(bytesToHex(privateKey))
    const sealed = vault.seal(privateKey, aad)
    privateKey.fill(0)
    try {
      await db
        .insertInto('server_keys')
        .values({
          name: paymasterSignerKeyName,
          public_key: address,
          sealed_private_key: sealed,
          created_at: now,
        })
        .execute()
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
    }
    row = (await find())!
  }
  // Opening proves the master key matches the one the key was sealed with.
  vault.open(row.sealed_private_key, aad).fill(0)
  return { address: row.public_key as Address, sealedPrivateKey: row.sealed_private_key }
}
