import { signerErrorCodes } from '@sigil/protocol'
import { ApiError } from '../../http/errors/ApiError.js'

/**
 * The email sign-in's errors. `invalid OTP code` is Account Kit's exact text (docs/protocol.md#sign-in-flows; the stock UI shows
 * "The code you entered is incorrect" for it); it answers every failed code check alike, so a caller
 * cannot tell an unknown, expired, used, killed or wrong code apart.
 */
export const emailErrors = {
  invalidOtpCode: () =>
    new ApiError('INVALID_ARGUMENT', 'invalid OTP code', { errorCode: signerErrorCodes.INVALID_OTP_CODE }),
  userNotFound: () =>
    new ApiError('NOT_FOUND', 'user not found', { errorCode: signerErrorCodes.USER_NOT_FOUND }),
  redirectUrlMissing: () =>
    new ApiError('FAILED_PRECONDITION', 'magic-link sign-in needs a redirect URL on the app', {
      errorCode: signerErrorCodes.REDIRECT_URL_MISSING,
    }),
  mailNotSent: (cause: unknown) =>
    new ApiError('INTERNAL', 'could not send the sign-in email', {
      errorCode: signerErrorCodes.EMAIL_NOT_SENT,
      cause,
    }),
}
