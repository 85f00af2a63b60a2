/** Tables of custom JWT sign-in (`/v1/auth-jwt`), added by migration 0015. */
export type JwtDatabase = {
  jwt_issuers: JwtIssuerTable
  jwt_identities: JwtIdentityTable
  jwt_replays: JwtReplayTable
}

/** An issuer an app trusts (at most one per app and `issuer`). */
export type JwtIssuerTable = {
  id: string
  app_id: string
  /** The tokens' `iss`, exactly. */
  issuer: string
  /** Where the issuer's keys are (JWKS), or null when `public_key` holds the one key. */
  jwks_url: string | null
  /** PEM (SPKI) or JWK JSON of the issuer's public key, or null with a `jwks_url`. */
  public_key: string | null
  /** The `aud` tokens must carry (one of them when `aud` is an array). */
  audience: string
  /** The claim naming the user, `sub` by default. */
  user_claim: string
  /** JSON array of the allowed `alg`s (asymmetric only). */
  algorithms: string
  created_at: number | bigint | string
}

/** The user an (app, issuer, subject) signs in as; the three are the primary key. */
export type JwtIdentityTable = {
  app_id: string
  issuer: string
  subject: string
  user_id: string
  created_at: number | bigint | string
}

/** A token already exchanged: (issuer, jti) is the primary key; kept until the token's expiry. */
export type JwtReplayTable = {
  issuer: string
  /** The token's `jti`, or `sha256:<hex of the token>` for a token without one. */
  jti: string
  expires_at: number | bigint | string
}
