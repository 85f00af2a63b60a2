import type { MultiFactor, MultiFactorProof } from './MultiFactor.js'

/**
 * `/v1/auth-jwt`'s body (Account Kit's `JwtParams`): a JWT the app's backend minted for its
 * signed-in user, exchanged for a session sealed to `targetPublicKey` (docs/custom-jwt.md).
 */
export type JwtAuthBody = {
  jwt: string
  /** The P-256 key (hex) the credential bundle is sealed to. */
  targetPublicKey: string
  /** Account Kit's `authProviderId`: accepted and ignored; the token's `iss` names the issuer. */
  authProvider?: string | undefined
  expirationSeconds?: number | undefined
  /**
   * Sigil's extension: TOTP codes (or one recovery code) sent along for a user with a second factor,
   * as `/v1/otp` takes them.
   */
  multiFactors?: MultiFactorProof[] | undefined
}

/** `/v1/auth-jwt`'s answer (Account Kit's `JwtResponse`). */
export type JwtAuthResponse = {
  /** The token's user signed in for the first time: the account and its wallet were just made. */
  isSignUp: boolean
  orgId: string
  credentialBundle: string
}

/**
 * The `data` of the 400 `MFA_REQUIRED` error `/v1/auth-jwt` answers for a user with a second factor
 * (the token is used up): the MFA token `/v1/auth-validate-multi-factors` exchanges with a code.
 */
export type JwtMfaRequiredData = {
  multiFactors: MultiFactor[]
  encryptedPayload: string
  orgId: string
  isSignUp: boolean
}

/** The custom-JWT routes of the sign-in API (merged into `SignerRoutes`). */
export type JwtRoutes = {
  '/v1/auth-jwt': { body: JwtAuthBody; response: JwtAuthResponse }
}

/** Listed once each, like `signerRoutePaths`. */
export const jwtRoutePathSet: { [path in keyof JwtRoutes]: true } = { '/v1/auth-jwt': true }

/**
 * The codes of `/v1/auth-jwt`'s refusals (`{ error, code }`, 401 unless said): match on these, never
 * on the text.
 */
export const jwtErrorCodes = {
  /** Not a JWT, or its signature does not verify with the issuer's keys. */
  JWT_INVALID: 'JWT_INVALID',
  /** `exp` has passed, or the token has no `exp`. */
  JWT_EXPIRED: 'JWT_EXPIRED',
  /** `nbf` or `iat` is in the future. */
  JWT_NOT_YET_VALID: 'JWT_NOT_YET_VALID',
  /** `exp` lies further ahead than the longest token life Sigil accepts. */
  JWT_LIFETIME_TOO_LONG: 'JWT_LIFETIME_TOO_LONG',
  /** `aud` is not the audience the app registered for the issuer. */
  JWT_AUDIENCE_MISMATCH: 'JWT_AUDIENCE_MISMATCH',
  /** `iss` is not an issuer this app registered. */
  JWT_ISSUER_UNKNOWN: 'JWT_ISSUER_UNKNOWN',
  /** The header's `alg` is not one the issuer allows (`none` and HMAC never are). */
  JWT_ALGORITHM_NOT_ALLOWED: 'JWT_ALGORITHM_NOT_ALLOWED',
  /** No key of the issuer has the header's `kid`, even after fetching the JWKS again. */
  JWT_KEY_NOT_FOUND: 'JWT_KEY_NOT_FOUND',
  /** The issuer's JWKS could not be fetched (503). */
  JWT_KEYS_UNAVAILABLE: 'JWT_KEYS_UNAVAILABLE',
  /** This token (`iss` + `jti`) was already exchanged. */
  JWT_REPLAYED: 'JWT_REPLAYED',
  /** The claim naming the user (`sub` unless the app chose another) is missing or not a string. */
  JWT_USER_CLAIM_MISSING: 'JWT_USER_CLAIM_MISSING',
} as const
