import type { MultiFactorProof } from './MultiFactor.js'
import type { StampedRequest } from './StampedRequest.js'

/** How an SMS sign-in or sign-up starts (`/v1/auth`, `/v1/signup`): the number and the client's target key. */
export type SmsStartBody = {
  /** International format, e.g. `+14155550123` (spaces and dashes allowed). */
  phone: string
  /** The P-256 key (hex) the credential bundle is sealed to. */
  targetPublicKey: string
}

/** Which channel a generic one-time code goes over (`/v1/init-otp`). */
export type OtpType = 'OTP_TYPE_SMS' | 'OTP_TYPE_EMAIL'

/**
 * The claims of `/v1/verify-otp`'s `verificationToken`, a JWT: `contact` is what clients read
 * (Account Kit decodes it); the rest is Sigil's, checked by `/v1/update-email-auth` and
 * `/v1/update-phone-auth`, which use the token once.
 */
export type VerificationTokenClaims = {
  /** The proven email (lower-cased) or phone number (E.164). */
  contact: string
  otpType: OtpType
  /** The app the code was sent for. */
  app: string
  jti: string
  iat: number
  exp: number
}

/**
 * The `stampedRequest.body` of `/v1/update-email-auth`: `ACTIVITY_TYPE_UPDATE_USER_EMAIL` with the
 * verification token, or `userEmail: ''` (no token) to remove the email.
 */
export type UpdateUserEmailRequest = {
  type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL'
  timestampMs: string
  organizationId: string
  parameters: { userId: string; userEmail: string; verificationToken?: string | undefined }
}

/** The `stampedRequest.body` of `/v1/update-phone-auth`; `userPhoneNumber: ''` removes the number. */
export type UpdateUserPhoneNumberRequest = {
  type: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER'
  timestampMs: string
  organizationId: string
  parameters: { userId: string; userPhoneNumber: string; verificationToken?: string | undefined }
}

/**
 * The generic one-time-code routes of the sign-in API (Account Kit 4.88): send a code to an email or
 * phone, trade it for a verification token, and use the token (in a session-stamped request) to set
 * the signed-in user's email or phone. `multiFactors` is Sigil's extension: the second-factor gate of
 * a user with TOTP (docs/sms-sign-in.md).
 */
export type OtpRoutes = {
  '/v1/init-otp': { body: { contact: string; otpType: OtpType }; response: { otpId: string } }
  '/v1/verify-otp': { body: { otpId: string; otpCode: string }; response: { verificationToken: string } }
  '/v1/update-email-auth': {
    body: { stampedRequest: StampedRequest; multiFactors?: MultiFactorProof[] | undefined }
    response: Record<string, never>
  }
  '/v1/update-phone-auth': {
    body: { stampedRequest: StampedRequest; multiFactors?: MultiFactorProof[] | undefined }
    response: Record<string, never>
  }
}

/** The paths of {@link OtpRoutes}, for `signerRoutePaths`. */
export const otpRoutePathSet: { [path in keyof OtpRoutes]: true } = {
  '/v1/init-otp': true,
  '/v1/verify-otp': true,
  '/v1/update-email-auth': true,
  '/v1/update-phone-auth': true,
}
