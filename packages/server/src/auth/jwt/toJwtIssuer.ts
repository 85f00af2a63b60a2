import type { Selectable } from 'kysely'
import type { JwtIssuerTable } from '../../store/jwtSchema.js'
import type { JwtAlgorithm, JwtIssuer } from './JwtIssuer.js'

/** Stored issuer row → {@link JwtIssuer}. */
export function toJwtIssuer(row: Selectable<JwtIssuerTable>): JwtIssuer {
  return {
    id: row.id,
    appId: row.app_id,
    issuer: row.issuer,
    jwksUrl: row.jwks_url,
    publicKey: row.public_key,
    audience: row.audience,
    userClaim: row.user_claim,
    algorithms: JSON.parse(row.algorithms) as JwtAlgorithm[],
  }
}
