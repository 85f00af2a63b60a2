import { signerErrorCodes } from '@sigil/protocol'
import type { Kysely } from 'kysely'
import { ApiError } from '../../http/errors/ApiError.js'
import { createId } from '../../ids/createId.js'
import { isUniqueViolation } from '../../store/isUniqueViolation.js'
import type { Database } from '../../store/schema.js'
import type { JwtIssuer } from './JwtIssuer.js'
import { type JwtIssuerInput, jwtIssuerSchema } from './jwtIssuerSchema.js'

export type AddJwtIssuerParameters = JwtIssuerInput & { appId: string; now: number }

/**
 * Registers an issuer whose JWTs sign the app's users in (checked by `jwtIssuerSchema`); one per app
 * and `issuer` (a second is refused, 409 `ALREADY_EXISTS`: remove the first).
 *
 * @example
 * await addJwtIssuer(db, { appId, issuer: 'https://auth.example.com', jwksUrl: 'https://auth.example.com/jwks.json', audience: 'sigil', now: Date.now() })
 */
export async function addJwtIssuer(
  db: Kysely<Database>,
  { appId, now, ...input }: AddJwtIssuerParameters,
): Promise<JwtIssuer> {
  const parsed = jwtIssuerSchema.safeParse(input)
  if (!parsed.success)
    throw new ApiError('INVALID_ARGUMENT', parsed.error.issues[0]?.message ?? 'invalid issuer', {
      errorCode: signerErrorCodes.INVALID_REQUEST,
    })
  const app = await db.selectFrom('apps').select('id').where('id', '=', appId).executeTakeFirst()
  if (!app) throw new ApiError('NOT_FOUND', `no app ${appId}`, { errorCode: signerErrorCodes.NOT_FOUND })
  const issuer: JwtIssuer = {
    id: createId(),
    appId,
    issuer: parsed.data.issuer,
    jwksUrl: parsed.data.jwksUrl ?? null,
    publicKey: parsed.data.publicKey ?? null,
    audience: parsed.data.audience,
    userClaim: parsed.data.userClaim,
    algorithms: [...new Set(parsed.data.algorithms)],
  }
  try {
    await db
      .insertInto('jwt_issuers')
      .values({
        id: issuer.id,
        app_id: appId,
        issuer: issuer.issuer,
        jwks_url: issuer.jwksUrl,
        public_key: issuer.publicKey,
        audience: issuer.audience,
        user_claim: issuer.userClaim,
        algorithms: JSON.stringify(issuer.algorithms),
        created_at: now,
      })
      .execute()
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError('ALREADY_EXISTS', `the app already has the issuer ${issuer.issuer}`, {
        errorCode: signerErrorCodes.INVALID_REQUEST,
        cause: error,
      })
    throw error
  }
  return issuer
}
