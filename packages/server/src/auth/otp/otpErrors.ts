import { signerErrorCodes } from '@sigil/protocol'
import { ApiError } from '../../http/errors/ApiError.js'

/** The errors of the generic one-time codes and of `/v1/update-email-auth` / `/v1/update-phone-auth`. */
export const otpErrors = {
  /** Malformed, expired, of another app or kind of contact, for another contact, or already used. */
  invalidVerificationToken: (details: string) =>
    new ApiError('INVALID_ARGUMENT', 'invalid verification token', {
      errorCode: signerErrorCodes.INVALID_VERIFICATION_TOKEN,
      details,
    }),
  verificationRequired: (what: 'email' | 'phone number') =>
    new ApiError(
      'INVALID_ARGUMENT',
      `setting a ${what} needs a verification token: send a code with /v1/init-otp, then trade it with /v1/verify-otp`,
      { errorCode: signerErrorCodes.VERIFICATION_REQUIRED },
    ),
  wrongActivityType: (expected: string) =>
    new ApiError('INVALID_ARGUMENT', `stampedRequest must be an ${expected} request`, {
      errorCode: signerErrorCodes.INVALID_REQUEST,
    }),
  lastSignInMethod: (what: 'email' | 'phone number') =>
    new ApiError(
      'FAILED_PRECONDITION',
      `this ${what} is the user's last way to sign in; add another (a passkey, an email or a phone number) before removing it`,
      { errorCode: signerErrorCodes.LAST_SIGN_IN_METHOD },
    ),
  otherUser: () =>
    new ApiError('PERMISSION_DENIED', 'a session can change only its own user', {
      errorCode: signerErrorCodes.FORBIDDEN,
    }),
}
