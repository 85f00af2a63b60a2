import { type MultiFactor, signerErrorCodes } from '@sigil/protocol'
import { ApiError } from '../../http/errors/ApiError.js'

/**
 * The errors of TOTP two-factor. `MFA is required for this user` (with `data.multiFactors`) and
 * `Invalid MFA code` are the texts Account Kit clients match on; keep them exact.
 */
export const mfaErrors = {
  mfaRequired: (multiFactors: MultiFactor[]) =>
    new ApiError('FAILED_PRECONDITION', 'MFA is required for this user', {
      errorCode: signerErrorCodes.MFA_REQUIRED,
      data: { multiFactors },
    }),
  invalidCode: () =>
    new ApiError('UNAUTHENTICATED', 'Invalid MFA code', { errorCode: signerErrorCodes.INVALID_MFA_CODE }),
  invalidToken: (cause?: unknown) =>
    new ApiError('UNAUTHENTICATED', 'invalid or expired MFA token', {
      errorCode: signerErrorCodes.INVALID_MFA_TOKEN,
      cause,
    }),
  unsupportedType: (multiFactorType: string) =>
    new ApiError('INVALID_ARGUMENT', `Unsupported MFA factor type: ${multiFactorType}`, {
      errorCode: signerErrorCodes.UNSUPPORTED_MFA_FACTOR_TYPE,
    }),
  factorNotFound: () =>
    new ApiError('NOT_FOUND', 'MFA factor not found', { errorCode: signerErrorCodes.MFA_FACTOR_NOT_FOUND }),
  alreadyEnrolled: () =>
    new ApiError('ALREADY_EXISTS', 'this user already has a verified TOTP factor', {
      errorCode: signerErrorCodes.MFA_FACTOR_EXISTS,
    }),
  noFactorForRecoveryCodes: () =>
    new ApiError('FAILED_PRECONDITION', 'recovery codes need an authenticator app: add one first', {
      errorCode: signerErrorCodes.MFA_FACTOR_NOT_FOUND,
    }),
  notSignRawPayload: () =>
    new ApiError('INVALID_ARGUMENT', 'stampedRequest must be an ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2 request', {
      errorCode: signerErrorCodes.INVALID_REQUEST,
    }),
  wrongMarker: (marker: string) =>
    new ApiError('INVALID_ARGUMENT', `stampedRequest parameters.payload must be the marker ${marker}`, {
      errorCode: signerErrorCodes.INVALID_REQUEST,
    }),
  notOwnCredential: () =>
    new ApiError('PERMISSION_DENIED', "MFA factors can only be managed with the user's own credential", {
      errorCode: signerErrorCodes.FORBIDDEN,
    }),
}
