import { p256 } from '@noble/curves/nist.js'
import { bytesToHex } from '@sigil/protocol'
import type { Kysely } from 'kysely'
import { isUniqueViolation } from '../store/isUniqueViolation.js'
import type { Database } from '../store/schema.js'
import type { Vault } from '../vault/createVault.js'

/**
 * Returns a server-held P-256 key by name (e.g. the export signer), creating and sealing it on
 * first start. The private key stays sealed; callers open it only while they use it.
 *
 * @example
 * const { publicKey, sealedPrivateKey } = await ensureServerKey(db, vault, { name: 'export-signer', now })
 */
export async function ensureServerKey(
  db: Kysely<Database>,
  vault: Vault,
  { name, now }: { name: string; now: number },
): Promise<{ publicKey: string; sealedPrivateKey: string }> {
  const find = () =>
    db
      .selectFrom('server_keys')
      .select(['public_key', 'sealed_private_key'])
      .where('name', '=', name)
      .executeTakeFirst()
  let row = await find()
  if (!row) {
    const privateKey = p256.utils.randomSecretKey()
    const publicKey = bytesToHex(p256.getPublicKey(privateKey, false))
    const sealed = vault.seal(privateKey, `server_key:${name}`)
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
  // Opening proves the master key matches the one the store was sealed with.
  vault.open(row.sealed_private_key, `server_key:${name}`).fill(0)
  return { publicKey: row.public_key, sealedPrivateKey: row.sealed_private_key }
}
