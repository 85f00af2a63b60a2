import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { isUniqueViolation } from '../store/isUniqueViolation.js'
import type { Database } from '../store/schema.js'
import type { Vault } from '../vault/createVault.js'

/**
 * Returns a 32-byte server secret by name (e.g. the key that hashes email codes), creating and
 * sealing it on first start. Every server instance on the same store gets the same secret.
 *
 * @example
 * const codeKey = await ensureServerSecret(db, vault, { name: 'email-code-hmac', now })
 */
export async function ensureServerSecret(
  db: Kysely<Database>,
  vault: Vault,
  { name, now }: { name: string; now: number },
): Promise<Uint8Array> {
  const find = () =>
    db.selectFrom('server_keys').select('sealed_private_key').where('name', '=', name).executeTakeFirst()
  let row = await find()
  if (!row) {
    const secret = randomBytes(32)
    const sealed = vault.seal(secret, `server_key:${name}`)
    secret.fill(0)
    try {
      await db
        .insertInto('server_keys')
        .values({ name, public_key: '', sealed_private_key: sealed, created_at: now })
        .execute()
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
    }
    row = (await find())!
  }
  return vault.open(row.sealed_private_key, `server_key:${name}`)
}
