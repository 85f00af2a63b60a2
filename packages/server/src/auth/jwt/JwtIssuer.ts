/** An issuer whose JWTs sign an app's users in (`/v1/auth-jwt`; docs/custom-jwt.md). */
export type JwtIssuer = {
  id: string
  appId: string
  /** The tokens' `iss`, exactly. */
  issuer: string
  /** Where the issuer publishes its keys; or `publicKey`. */
  jwksUrl: string | null
  /** The issuer's one public key, PEM (SPKI) or JWK JSON; or `jwksUrl`. */
  publicKey: string | null
  /** The `aud` tokens must carry. */
  audience: string
  /** The claim naming the user (`sub` by default). */
  userClaim: string
  /** The `alg`s accepted (asymmetric only). */
  algorithms: JwtAlgorithm[]
}

/**
 * The algorithms an issuer may allow: asymmetric signatures only. `none` and the HMAC family
 * (`HS256`…) never verify a token, whatever an issuer registers: an HMAC keyed with a public key
 * would let anyone who reads the key sign.
 */
export const jwtAlgorithms = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
] as const
export type JwtAlgorithm = (typeof jwtAlgorithms)[number]

/** Allowed when the registration names none. */
export const defaultJwtAlgorithms: JwtAlgorithm[] = ['RS256', 'ES256']
