import { join } from 'node:path'
import Database from 'better-sqlite3'

/** What the custody floor needs of a request's API key, user and signing account. */
export type CustodyLookupRow = {
  /** The API key's organization: the request must name this one. */
  organization_id: string
  user_id: string
  /** Epoch ms after which the key is refused, or null. */
  expires_at: number | null
  wallet_account_id: string
  /** The account's private key in the floor's envelope (`openSealedKey`). */
  sealed_private_key: string
}

/**
 * The API key, user and wallet account behind one request, in ONE read:
 * api_keys by `public_key` and `curve_type` → its user → the `wallet_accounts` row of `signWith` in the key's
 * organization. `EXPLAIN QUERY PLAN` (SQLite 3.53.2 of better-sqlite3, on the server's migrations):
 *
 * ```
 * SEARCH api_keys USING INDEX api_keys_public_key_curve_type_unique (public_key=? AND curve_type=?)
 * SEARCH wallet_accounts USING INDEX wallet_accounts_organization_id_address (organization_id=? AND address=?)
 * SEARCH users USING COVERING INDEX sqlite_autoindex_users_1 (id=?)
 * ```
 *
 * so every table is reached through a unique index: migration 0007's `(public_key, curve_type)` on
 * `api_keys`, migration 0001's `(organization_id, address)` on `wallet_accounts`, and the primary key's on
 * `users` (covering: only its id is read, which proves the user exists). The statement is prepared once on this process's own
 * connection to `dataDir/sigil.db` (a reader next to the `openDurableActivities` connection, as the server
 * reads on a connection of its own); nothing it returns is cached.
 *
 * @example
 * const lookUp = prepareCustodyLookup(dataDir)
 * const row = lookUp(stamp.publicKey, envelope.parameters.signWith) // undefined: refuse with 401
 */
export function prepareCustodyLookup(
  dataDir: string,
): (apiPublicKey: string, signWith: string) => CustodyLookupRow | undefined {
  const database = new Database(join(dataDir, 'sigil.db'))
  const statement = database.prepare<[string, string], CustodyLookupRow>(
    `select api_keys.organization_id, users.id as user_id, api_keys.expires_at,
       wallet_accounts.id as wallet_account_id, wallet_accounts.sealed_private_key
     from api_keys
     join users on users.id = api_keys.user_id
     join wallet_accounts
       on wallet_accounts.organization_id = api_keys.organization_id and wallet_accounts.address = ?
     where api_keys.public_key = ? and api_keys.curve_type = 'API_KEY_CURVE_P256'`,
  )
  // Parameters in the order of the text: the join's `signWith`, then the key.
  return (apiPublicKey, signWith) => statement.get(signWith, apiPublicKey.toLowerCase())
}
