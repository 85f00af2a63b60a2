import { signerErrorCodes } from '@sigil/protocol'
import { ApiError } from '../../http/errors/ApiError.js'

/**
 * The email sign-in's errors. `invalid OTP code` is Account Kit's exact text (docs/protocol.md#sign-in-flows; the stock UI shows
 * "The code you entered is incorrect" for it); it answers every failed code check with that text. The
 * `code` tells a wrong code (`INVALID_OTP_CODE`, also for an unknown code or another app's) from one of
 * this sign-in that can no longer be used (`OTP_CODE_EXPIRED`).
 */
export const emailErrors = {
  invalidOtpCode: () =>
    new ApiError('INVALID_ARGUMENT', 'invalid OTP code', { errorCode: signerErrorCodes.INVALID_OTP_CODE }),
  /**
   * The same `invalid OTP code` text (Account Kit apps show it as they always did), with the code
   * `OTP_CODE_EXPIRED` for a code of this sign-in that can no longer be used, so a UI can offer a new one.
   */
  deadOtpCode: () =>
    new ApiError('INVALID_ARGUMENT', 'invalid OTP code', {
      errorCode: signerErrorCodes.OTP_CODE_EXPIRED,
      details: 'this code can no longer be used (expired, used, or three wrong tries); ask for a new code',
    }),
  userNotFound: () =>
    new ApiError('NOT_FOUND', 'user not found', { errorCode: signerErrorCodes.USER_NOT_FOUND }),
  redirectUrlMissing: () =>
    new ApiError('FAILED_PRECONDITION', 'magic-link sign-in needs a redirect URL on the app', {
      errorCode: signerErrorCodes.REDIRECT_URL_MISSING,
    }),
  smsNotSent: (cause: unknown) =>
    cause instanceof ApiError && cause.errorCode === signerErrorCodes.SMS_DELIVERY_NOT_CONFIGURED
      ? cause
      : new ApiError('INTERNAL', 'could not send the sign-in text message', {
          errorCode: signerErrorCodes.SMS_NOT_SENT,
          cause,
        }),
  mailNotSent: (cause: unknown) =>
    new ApiError('INTERNAL', 'could not send the sign-in email', {
      errorCode: signerErrorCodes.EMAIL_NOT_SENT,
      cause,
    }),
}
