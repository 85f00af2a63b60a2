import { signerErrorCodes } from '@sigil/protocol'
import { ApiError } from '../../http/errors/ApiError.js'

const refused = (message: string, errorCode: string, cause?: unknown) =>
  new ApiError('UNAUTHENTICATED', message, { errorCode, cause })

/**
 * The refusals of `/v1/auth-jwt` (docs/custom-jwt.md, "Errors"). Texts name what is wrong with the
 * token, never its content or a key.
 */
export const jwtErrors = {
  invalid: (cause?: unknown) => refused('JWT did not verify', signerErrorCodes.JWT_INVALID, cause),
  expired: (cause?: unknown) => refused('JWT has expired', signerErrorCodes.JWT_EXPIRED, cause),
  expiryRequired: () => refused('JWT has no exp (expiry) claim', signerErrorCodes.JWT_EXPIRED),
  notYetValid: (cause?: unknown) =>
    refused('JWT is not valid yet (nbf or iat in the future)', signerErrorCodes.JWT_NOT_YET_VALID, cause),
  lifetimeTooLong: (maxSeconds: number) =>
    refused(`JWT expires more than ${maxSeconds} seconds from now`, signerErrorCodes.JWT_LIFETIME_TOO_LONG),
  audienceMismatch: (cause?: unknown) =>
    refused(
      'JWT audience (aud) is not the one registered for its issuer',
      signerErrorCodes.JWT_AUDIENCE_MISMATCH,
      cause,
    ),
  issuerUnknown: () =>
    refused('JWT issuer (iss) is not registered for this app', signerErrorCodes.JWT_ISSUER_UNKNOWN),
  algorithmNotAllowed: (cause?: unknown) =>
    refused(
      'JWT algorithm (alg) is not allowed for its issuer',
      signerErrorCodes.JWT_ALGORITHM_NOT_ALLOWED,
      cause,
    ),
  keyNotFound: (cause?: unknown) =>
    refused('no key of the JWT issuer matches the token (kid)', signerErrorCodes.JWT_KEY_NOT_FOUND, cause),
  keysUnavailable: (cause?: unknown) =>
    new ApiError('UNAVAILABLE', 'the JWT issuer keys (JWKS) could not be fetched; try again', {
      errorCode: signerErrorCodes.JWT_KEYS_UNAVAILABLE,
      cause,
    }),
  replayed: (cause?: unknown) => refused('JWT was already used (jti)', signerErrorCodes.JWT_REPLAYED, cause),
  userClaimMissing: (claim: string) =>
    refused(`JWT has no string claim ${claim} naming the user`, signerErrorCodes.JWT_USER_CLAIM_MISSING),
}
