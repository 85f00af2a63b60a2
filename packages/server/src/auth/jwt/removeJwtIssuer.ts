import type { Kysely } from 'kysely'
import type { Database } from '../../store/schema.js'

/**
 * Stops trusting an issuer for an app: its tokens are refused from now on. Users who signed in with
 * it keep their accounts (and sign in again if the issuer is added back). Answers whether one was removed.
 *
 * @example
 * await removeJwtIssuer(db, { appId, issuer: 'https://auth.example.com' })
 */
export async function removeJwtIssuer(
  db: Kysely<Database>,
  { appId, issuer }: { appId: string; issuer: string },
): Promise<boolean> {
  const result = await db
    .deleteFrom('jwt_issuers')
    .where('app_id', '=', appId)
    .where('issuer', '=', issuer)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
