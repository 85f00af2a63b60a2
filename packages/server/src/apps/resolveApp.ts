import { signerErrorCodes } from '@sigil/protocol'
import { decodeJwt, importJWK, importSPKI, type JWTPayload, jwtVerify } from 'jose'
import type { Kysely } from 'kysely'
import { ApiError } from '../http/errors/ApiError.js'
import type { Database } from '../store/schema.js'
import type { App } from './App.js'
import { findAppsByOrigin } from './findAppsByOrigin.js'
import { hashAppApiKey } from './hashAppApiKey.js'
import { toApp } from './toApp.js'

/**
 * Longest life of an app bearer JWT, seconds: `exp` at most this far after its `iat` (or after now, when
 * the token has no `iat` or one in the future). A leaked token is then good for a day at most.
 */
export const maxAppJwtLifetimeSeconds = 24 * 60 * 60

const unauthorized = (message: string, cause?: unknown, errorCode = 'APP_UNAUTHORIZED') =>
  new ApiError('UNAUTHENTICATED', message, { errorCode, cause })

async function appFromJwt(db: Kysely<Database>, token: string, nowMs: number): Promise<App> {
  let appId: string | undefined
  try {
    appId = decodeJwt(token).iss
  } catch (cause) {
    throw unauthorized('bearer token is not a valid JWT', cause)
  }
  const row = appId
    ? await db.selectFrom('apps').selectAll().where('id', '=', appId).executeTakeFirst()
    : undefined
  if (!row?.jwt_public_key) throw unauthorized('bearer JWT: unknown issuer or the app accepts no JWTs')
  let payload: JWTPayload
  try {
    const text = row.jwt_public_key.trim()
    const key = text.startsWith('{')
      ? await importJWK(JSON.parse(text))
      : await importSPKI(text, decodeAlg(token))
    const verified = await jwtVerify(token, key, { issuer: row.id, currentDate: new Date(nowMs) })
    payload = verified.payload
  } catch (cause) {
    throw unauthorized('bearer JWT did not verify', cause)
  }
  // A token without an expiry, or one that lives longer than a day, would be a permanent app credential.
  if (typeof payload.exp !== 'number')
    throw unauthorized('bearer JWT has no exp (expiry) claim', undefined, 'APP_JWT_EXPIRY_REQUIRED')
  const nowSeconds = Math.floor(nowMs / 1000)
  const issuedAt = typeof payload.iat === 'number' ? Math.min(payload.iat, nowSeconds) : nowSeconds
  if (payload.exp - issuedAt > maxAppJwtLifetimeSeconds)
    throw unauthorized(
      `bearer JWT lives longer than ${maxAppJwtLifetimeSeconds} seconds (exp - iat)`,
      undefined,
      'APP_JWT_LIFETIME_TOO_LONG',
    )
  return toApp(row)
}

function decodeAlg(token: string): string {
  const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
    alg?: string
  }
  return header.alg ?? 'ES256'
}

/**
 * Finds the app a `/signer` request belongs to: by its bearer API key (or a bearer JWT whose `iss`
 * is the app id, signed by the app's registered key, with an `exp` at most
 * {@link maxAppJwtLifetimeSeconds} after its `iat`), else by the browser's `Origin` (Account Kit
 * apps in `rpcUrl` mode send no key). A browser origin must be one the app allows.
 *
 * @example
 * const app = await resolveApp(db, { authorization: c.req.header('authorization'), origin: c.req.header('origin') })
 */
export async function resolveApp(
  db: Kysely<Database>,
  {
    authorization,
    origin,
    now = Date.now(),
  }: { authorization: string | undefined; origin: string | undefined; now?: number },
): Promise<App> {
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1]
  let app: App
  if (bearer) {
    if (bearer.split('.').length === 3) app = await appFromJwt(db, bearer, now)
    else {
      const row = await db
        .selectFrom('app_api_keys')
        .innerJoin('apps', 'apps.id', 'app_api_keys.app_id')
        .selectAll('apps')
        .where('app_api_keys.key_hash', '=', hashAppApiKey(bearer))
        .where('app_api_keys.revoked_at', 'is', null)
        .executeTakeFirst()
      if (!row) throw unauthorized('unknown or revoked API key')
      app = toApp(row)
    }
    if (origin && origin !== 'null' && !app.allowedOrigins.includes(origin))
      throw new ApiError('PERMISSION_DENIED', `origin ${origin} is not allowed for this app`, {
        errorCode: signerErrorCodes.ORIGIN_NOT_ALLOWED,
      })
    return app
  }
  if (authorization) throw unauthorized('Authorization must be "Bearer <API key or JWT>"')
  if (!origin)
    throw unauthorized('send an app API key (Authorization: Bearer …) or call from an allowed origin')
  const [byOrigin] = await findAppsByOrigin(db, origin)
  if (!byOrigin)
    throw new ApiError('PERMISSION_DENIED', `no app allows the origin ${origin}`, {
      errorCode: signerErrorCodes.ORIGIN_NOT_ALLOWED,
    })
  return byOrigin
}
