import { jwtErrorCodes } from './jwtRoutes.js'
import { multiOwnerErrorCodes } from './multiOwnerRoutes.js'

/**
 * Every `code` a `/signer` error body can carry (`{ error, code }`): match on these, never on the
 * `error` text. The texts stay as Account Kit apps know them (`invalid OTP code`, `Invalid MFA code`,
 * `MFA is required for this user`, `user not found`); the codes are Sigil's and never change.
 */
export const signerErrorCodes = {
  // The request: its body, its app, its rate.
  INVALID_REQUEST: 'INVALID_REQUEST',
  REQUEST_INVALID: 'REQUEST_INVALID',
  JSON_TOO_DEEP: 'JSON_TOO_DEEP',
  APP_UNAUTHORIZED: 'APP_UNAUTHORIZED',
  APP_JWT_EXPIRY_REQUIRED: 'APP_JWT_EXPIRY_REQUIRED',
  APP_JWT_LIFETIME_TOO_LONG: 'APP_JWT_LIFETIME_TOO_LONG',
  ORIGIN_NOT_ALLOWED: 'ORIGIN_NOT_ALLOWED',
  RATE_LIMITED: 'RATE_LIMITED',
  NOT_FOUND: 'NOT_FOUND',
  INTERNAL: 'INTERNAL',
  // Email sign-in and sign-up.
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  INVALID_OTP_CODE: 'INVALID_OTP_CODE',
  /** The code can no longer be used (expired, used, or its wrong tries spent): ask for a new one. */
  OTP_CODE_EXPIRED: 'OTP_CODE_EXPIRED',
  EMAIL_ALREADY_PROVEN: 'EMAIL_ALREADY_PROVEN',
  EMAIL_NOT_SENT: 'EMAIL_NOT_SENT',
  EMAIL_DELIVERY_NOT_CONFIGURED: 'EMAIL_DELIVERY_NOT_CONFIGURED',
  REDIRECT_URL_MISSING: 'REDIRECT_URL_MISSING',
  INVALID_TARGET_PUBLIC_KEY: 'INVALID_TARGET_PUBLIC_KEY',
  // SMS codes and generic one-time codes (`/v1/init-otp`, `/v1/verify-otp`, `/v1/update-*-auth`).
  PHONE_ALREADY_PROVEN: 'PHONE_ALREADY_PROVEN',
  SMS_NOT_SENT: 'SMS_NOT_SENT',
  SMS_DELIVERY_NOT_CONFIGURED: 'SMS_DELIVERY_NOT_CONFIGURED',
  /** A verification token that is malformed, expired, of another app or contact, or already used. */
  INVALID_VERIFICATION_TOKEN: 'INVALID_VERIFICATION_TOKEN',
  /** Setting an email or phone without the verification token of `/v1/verify-otp`. */
  VERIFICATION_REQUIRED: 'VERIFICATION_REQUIRED',
  /** Removing the user's last way to sign in (email, phone, passkey, OAuth). */
  LAST_SIGN_IN_METHOD: 'LAST_SIGN_IN_METHOD',
  // Passkey sign-up.
  USER_EXISTS: 'USER_EXISTS',
  PASSKEY_EXISTS: 'PASSKEY_EXISTS',
  CREDENTIAL_ID_MISMATCH: 'CREDENTIAL_ID_MISMATCH',
  // Two-factor (TOTP).
  MFA_REQUIRED: 'MFA_REQUIRED',
  INVALID_MFA_CODE: 'INVALID_MFA_CODE',
  INVALID_MFA_TOKEN: 'INVALID_MFA_TOKEN',
  UNSUPPORTED_MFA_FACTOR_TYPE: 'UNSUPPORTED_MFA_FACTOR_TYPE',
  MFA_FACTOR_NOT_FOUND: 'MFA_FACTOR_NOT_FOUND',
  MFA_FACTOR_EXISTS: 'MFA_FACTOR_EXISTS',
  /** Adding a text-message (`sms`) factor without a proven phone number. */
  PHONE_REQUIRED: 'PHONE_REQUIRED',
  /** Removing or changing the phone number the user's text-message (`sms`) factor texts. */
  PHONE_USED_BY_MFA: 'PHONE_USED_BY_MFA',
  PASSKEY_USER_VERIFICATION_REQUIRED: 'PASSKEY_USER_VERIFICATION_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  // OAuth (`/v1/prepare-oauth`; the callback's failures reach the app as their message).
  OAUTH_PROVIDER_UNAVAILABLE: 'OAUTH_PROVIDER_UNAVAILABLE',
  OAUTH_PROVIDER_UNKNOWN: 'OAUTH_PROVIDER_UNKNOWN',
  OAUTH_PROVIDER_ERROR: 'OAUTH_PROVIDER_ERROR',
  OAUTH_CODE_REFUSED: 'OAUTH_CODE_REFUSED',
  OAUTH_ID_TOKEN_INVALID: 'OAUTH_ID_TOKEN_INVALID',
  OAUTH_REQUEST_EXPIRED: 'OAUTH_REQUEST_EXPIRED',
  OAUTH_NONCE_MISMATCH: 'OAUTH_NONCE_MISMATCH',
  // Stamped requests (`/v1/whoami`, `/v1/sign-payload`, the MFA routes).
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  SIGNATURE_MISSING: 'SIGNATURE_MISSING',
  SIGNATURE_INVALID: 'SIGNATURE_INVALID',
  PUBLIC_KEY_NOT_FOUND: 'PUBLIC_KEY_NOT_FOUND',
  API_KEY_EXPIRED: 'API_KEY_EXPIRED',
  CREDENTIAL_NOT_FOUND: 'CREDENTIAL_NOT_FOUND',
  CREDENTIAL_CONFLICT: 'CREDENTIAL_CONFLICT',
  ORGANIZATION_NOT_FOUND: 'ORGANIZATION_NOT_FOUND',
  ORGANIZATION_MISMATCH: 'ORGANIZATION_MISMATCH',
  // Deleting an account.
  /** The session is older than 5 minutes: sign in again, then delete. */
  FRESH_SIGN_IN_REQUIRED: 'FRESH_SIGN_IN_REQUIRED',
  /** The organization has other owners: it is theirs too, so it is not deleted. */
  ACCOUNT_HAS_OTHER_OWNERS: 'ACCOUNT_HAS_OTHER_OWNERS',
  ...multiOwnerErrorCodes,
  // Custom JWT (`/v1/auth-jwt`).
  ...jwtErrorCodes,
  // Sign-in methods (`/v1/list-auth-methods`, `/v1/add-oauth-provider`, …).
  /** The ID token was not fetched through this app's OAuth callback, was used, or expired. */
  OAUTH_LINK_TOKEN_INVALID: 'OAUTH_LINK_TOKEN_INVALID',
  /** Another user of the app signs in with this provider account. */
  OAUTH_IDENTITY_TAKEN: 'OAUTH_IDENTITY_TAKEN',
  OAUTH_PROVIDER_NOT_LINKED: 'OAUTH_PROVIDER_NOT_LINKED',
  /** No export of this account by its owner happened in the last minutes. */
  KEY_EXPORT_NOT_FOUND: 'KEY_EXPORT_NOT_FOUND',
} as const

export type SignerErrorCode = (typeof signerErrorCodes)[keyof typeof signerErrorCodes]

/**
 * A `/signer` error body: the message (`error`, the text Account Kit apps see) and its `code`;
 * `data` carries extras such as `multiFactors` with `MFA_REQUIRED`, `details` the fields of bad input.
 */
export type SignerErrorBody = {
  error: string
  code: SignerErrorCode | (string & {})
  data?: Record<string, unknown> | undefined
  details?: { field: string; description: string }[] | undefined
}
