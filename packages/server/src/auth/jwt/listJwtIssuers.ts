import type { Kysely } from 'kysely'
import type { Database } from '../../store/schema.js'
import type { JwtIssuer } from './JwtIssuer.js'
import { toJwtIssuer } from './toJwtIssuer.js'

/**
 * The issuers an app registered, oldest first; only the one whose `issuer` is given, when it is.
 *
 * @example
 * const [issuer] = await listJwtIssuers(db, { appId, issuer: 'https://auth.example.com' })
 */
export async function listJwtIssuers(
  db: Kysely<Database>,
  { appId, issuer }: { appId: string; issuer?: string | undefined },
): Promise<JwtIssuer[]> {
  let query = db.selectFrom('jwt_issuers').selectAll().where('app_id', '=', appId)
  if (issuer !== undefined) query = query.where('issuer', '=', issuer)
  const rows = await query.orderBy('created_at').orderBy('id').execute()
  return rows.map(toJwtIssuer)
}
