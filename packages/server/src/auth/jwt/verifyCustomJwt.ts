import { createHash } from 'node:crypto'
import {
  decodeJwt,
  decodeProtectedHeader,
  errors,
  importJWK,
  importSPKI,
  type JWTHeaderParameters,
  type JWTPayload,
  type JWTVerifyOptions,
  jwtVerify,
} from 'jose'
import type { App } from '../../apps/App.js'
import { ApiError } from '../../http/errors/ApiError.js'
import type { SigilContext } from '../../SigilContext.js'
import { getJwksCache } from './getJwksCache.js'
import type { JwtAlgorithm, JwtIssuer } from './JwtIssuer.js'
import { jwtErrors } from './jwtErrors.js'
import { listJwtIssuers } from './listJwtIssuers.js'

/** Longest a token may still live, seconds (`exp` at most this far ahead): replays are kept that long. */
export const maxCustomJwtLifetimeSeconds = 24 * 60 * 60
/** Clock difference forgiven on `exp`, `nbf` and `iat`, seconds. */
export const customJwtClockToleranceSeconds = 30

export type VerifyCustomJwtParameters = { app: App; jwt: string }

export type VerifyCustomJwtReturnType = {
  issuer: JwtIssuer
  /** The user claim's value. */
  subject: string
  /** What makes the token single-use: its `jti`, or `sha256:<hex of the token>` without one. */
  tokenId: string
  /** `exp`, Unix ms. */
  expiresAt: number
}

/**
 * Checks a custom JWT for `app` (docs/custom-jwt.md): its `iss` must be an issuer the app registered;
 * its header's `alg` one the issuer allows (asymmetric only, never `none` or HMAC); its signature must
 * verify with the issuer's static key or a key of its JWKS (by `kid`; rotation fetches the set again);
 * `aud` must be the registered audience; `exp` present, not passed and at most
 * {@link maxCustomJwtLifetimeSeconds} ahead; `nbf` and `iat` not in the future (with
 * {@link customJwtClockToleranceSeconds}); the user claim a non-empty string. Does not use the token up.
 *
 * @example
 * const { issuer, subject, tokenId, expiresAt } = await verifyCustomJwt(ctx, { app, jwt: body.jwt })
 */
export async function verifyCustomJwt(
  ctx: SigilContext,
  { app, jwt }: VerifyCustomJwtParameters,
): Promise<VerifyCustomJwtReturnType> {
  let header: JWTHeaderParameters
  let claims: JWTPayload
  try {
    header = decodeProtectedHeader(jwt) as JWTHeaderParameters
    claims = decodeJwt(jwt)
  } catch (cause) {
    throw jwtErrors.invalid(cause)
  }
  if (typeof header.alg !== 'string' || header.alg.toLowerCase() === 'none')
    throw jwtErrors.algorithmNotAllowed()
  if (typeof claims.iss !== 'string') throw jwtErrors.issuerUnknown()
  const [issuer] = await listJwtIssuers(ctx.store.db, { appId: app.id, issuer: claims.iss })
  if (!issuer) throw jwtErrors.issuerUnknown()
  if (!issuer.algorithms.includes(header.alg as JwtAlgorithm)) throw jwtErrors.algorithmNotAllowed()

  const nowMs = ctx.now()
  const options: JWTVerifyOptions = {
    issuer: issuer.issuer,
    audience: issuer.audience,
    algorithms: issuer.algorithms,
    requiredClaims: ['exp'],
    clockTolerance: customJwtClockToleranceSeconds,
    currentDate: new Date(nowMs),
  }
  let payload: JWTPayload
  try {
    payload = await verifyWithIssuerKeys(ctx, issuer, jwt, header, options)
  } catch (error) {
    throw toJwtError(error)
  }

  const nowSeconds = Math.floor(nowMs / 1000)
  const exp = payload.exp as number
  if (exp - nowSeconds > maxCustomJwtLifetimeSeconds)
    throw jwtErrors.lifetimeTooLong(maxCustomJwtLifetimeSeconds)
  if (typeof payload.iat === 'number' && payload.iat > nowSeconds + customJwtClockToleranceSeconds)
    throw jwtErrors.notYetValid()
  const subject = payload[issuer.userClaim]
  if (typeof subject !== 'string' || subject.length === 0 || subject.length > 512)
    throw jwtErrors.userClaimMissing(issuer.userClaim)
  const tokenId =
    typeof payload.jti === 'string' && payload.jti.length > 0 && payload.jti.length <= 256
      ? payload.jti
      : `sha256:${createHash('sha256').update(jwt).digest('hex')}`
  return { issuer, subject, tokenId, expiresAt: exp * 1000 }
}

async function verifyWithIssuerKeys(
  ctx: SigilContext,
  issuer: JwtIssuer,
  jwt: string,
  header: JWTHeaderParameters,
  options: JWTVerifyOptions,
): Promise<JWTPayload> {
  if (issuer.publicKey !== null) {
    const text = issuer.publicKey.trim()
    const key = text.startsWith('{')
      ? await importJWK(JSON.parse(text), header.alg)
      : await importSPKI(text, header.alg)
    return (await jwtVerify(jwt, key, options)).payload
  }
  const cache = getJwksCache(ctx)
  const url = issuer.jwksUrl as string
  let key: CryptoKey
  try {
    key = await cache.getKey(url, header)
  } catch (error) {
    // Several keys fit a token without `kid`: the signature decides which.
    if (!(error instanceof errors.JWKSMultipleMatchingKeys)) throw error
    for await (const candidate of error as unknown as AsyncIterable<CryptoKey>) {
      try {
        return (await jwtVerify(jwt, candidate, options)).payload
      } catch (failure) {
        if (!(failure instanceof errors.JWSSignatureVerificationFailed)) throw failure
      }
    }
    throw new errors.JWSSignatureVerificationFailed()
  }
  return (await jwtVerify(jwt, key, options)).payload
}

function toJwtError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof errors.JWTExpired) return jwtErrors.expired(error)
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'exp') return jwtErrors.expiryRequired()
    if (error.claim === 'nbf' || error.claim === 'iat') return jwtErrors.notYetValid(error)
    if (error.claim === 'aud') return jwtErrors.audienceMismatch(error)
    if (error.claim === 'iss') return jwtErrors.issuerUnknown()
    return jwtErrors.invalid(error)
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return jwtErrors.algorithmNotAllowed(error)
  return jwtErrors.invalid(error)
}
