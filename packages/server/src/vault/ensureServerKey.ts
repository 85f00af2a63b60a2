import type { Kysely } from 'kysely'
import { isUniqueViolation } from '../store/isUniqueViolation.js'
import type { Database } from '../store/schema.js'
import type { Vault } from './createVault.js'

export type EnsureServerKeyParameters = {
  /** The row's name in `server_keys` (also the vault envelope's associated data). */
  name: string
  /** Makes a new private key and its public form (an address); called only when the row is missing. */
  generate: () => { privateKey: Uint8Array; publicKey: string }
  now: number
}

export type ServerKey = {
  /** The key's public form as `generate` gave it (an address). */
  publicKey: string
  /** Vault envelope of the private key; open it only while signing. */
  sealedPrivateKey: string
}

/**
 * Returns the server's key named `name` (a private key sealed in the vault, in `server_keys`), creating
 * it with `generate` on first use. Every server instance and the CLI on the same store get the same key:
 * a creator that loses the insert race reads the winner's row. Opening the envelope proves the master key
 * is the one it was sealed with; the private key is zeroed after sealing and after that check.
 *
 * @example
 * const { publicKey } = await ensureServerKey(db, vault, { name: 'paymaster-signer', generate, now: Date.now() })
 */
export async function ensureServerKey(
  db: Kysely<Database>,
  vault: Vault,
  { name, generate, now }: EnsureServerKeyParameters,
): Promise<ServerKey> {
  const aad = `server_key:${name}`
  const find = () =>
    db
      .selectFrom('server_keys')
      .select(['public_key', 'sealed_private_key'])
      .where('name', '=', name)
      .executeTakeFirst()
  let row = await find()
  if (!row) {
    const { privateKey, publicKey } = generate()
    const sealed = vault.seal(privateKey, aad)
    privateKey.fill(0)
    try {
      await db
        .insertInto('server_keys')
        .values({ name, public_key: publicKey, sealed_private_key: sealed, created_at: now })
        .execute()
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
    }
    row = (await find())!
  }
  vault.open(row.sealed_private_key, aad).fill(0)
  return { publicKey: row.public_key, sealedPrivateKey: row.sealed_private_key }
}
