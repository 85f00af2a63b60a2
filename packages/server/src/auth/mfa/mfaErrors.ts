import { type MultiFactor, signerErrorCodes } from '@sigil/protocol'
import { ApiError } from '../../http/errors/ApiError.js'

/**
 * The errors of two-factor (TOTP and text-message codes). `MFA is required for this user` (with `data.multiFactors`) and
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
    new ApiError('ALREADY_EXISTS', 'this user already has a verified factor of this type', {
      errorCode: signerErrorCodes.MFA_FACTOR_EXISTS,
    }),
  phoneRequired: () =>
    new ApiError('INVALID_ARGUMENT', 'text-message codes need a proven phone number: add one first', {
      errorCode: signerErrorCodes.PHONE_REQUIRED,
    }),
  phoneUsedByFactor: () =>
    new ApiError(
      'INVALID_ARGUMENT',
      'this phone number receives your two-factor codes: remove the text-message factor first',
      { errorCode: signerErrorCodes.PHONE_USED_BY_MFA },
    ),
  smsFactorNeedsOtpMode: () =>
    new ApiError(
      'INVALID_ARGUMENT',
      'text-message codes need the app to sign in by email code, not magic link',
      { errorCode: signerErrorCodes.UNSUPPORTED_MFA_FACTOR_TYPE },
    ),
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
