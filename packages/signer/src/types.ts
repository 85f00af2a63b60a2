import type { MultiFactor, User } from '@sigil/protocol'

/** Shared shapes of the signer (docs/account-kit.md#signer). */

/** Signer status values (docs/account-kit.md#signer); the string values equal the names. */
export const signerStatus = {
  INITIALIZING: 'INITIALIZING',
  CONNECTED: 'CONNECTED',
  DISCONNECTED: 'DISCONNECTED',
  AUTHENTICATING_PASSKEY: 'AUTHENTICATING_PASSKEY',
  AUTHENTICATING_EMAIL: 'AUTHENTICATING_EMAIL',
  AUTHENTICATING_OAUTH: 'AUTHENTICATING_OAUTH',
  AUTHENTICATING_JWT: 'AUTHENTICATING_JWT',
  AWAITING_EMAIL_AUTH: 'AWAITING_EMAIL_AUTH',
  AWAITING_SMS_AUTH: 'AWAITING_SMS_AUTH',
  AWAITING_OTP_AUTH: 'AWAITING_OTP_AUTH',
  AWAITING_MFA_AUTH: 'AWAITING_MFA_AUTH',
} as const

export type SignerStatus = (typeof signerStatus)[keyof typeof signerStatus]

/** The wire shapes of the sign-in API, defined once in `@sigil/protocol` (`signerApi/`). */
export type {
  AuthMethods,
  MultiFactor,
  MultiFactorEntry,
  MultiFactorProof,
  OauthProviderInfo,
  PasskeyInfo,
  RecoveryCodeEntry,
  StampedRequest,
  User,
} from '@sigil/protocol'

export type MfaStatus = { mfaRequired: boolean; mfaFactorId?: string | undefined }

export type ErrorInfo = { name: string; message: string }

/** What `authenticating` reports: the kind of step in progress. */
export type AuthenticatingType = 'email' | 'passkey' | 'oauth' | 'otp' | 'otpVerify' | 'custom-jwt'

export type SignerState = {
  status: SignerStatus
  user: User | undefined
  error: ErrorInfo | undefined
  mfaStatus: MfaStatus
  isNewUser: boolean | undefined
  otpId: string | undefined
}

/**
 * What a sign-in step answers (`startAuthentication`): the step the user takes next. `otp`: type
 * the emailed code; `link`: open the emailed link (here or in another tab); `mfa`: give an
 * authenticator code (with `encryptedPayload` after a code or OAuth step: send `{ type: 'mfa' }`;
 * without it, for a link: send the email step again with `multiFactors`); `done`: signed in.
 */
export type AuthenticationStep =
  | { next: 'otp'; otpId: string; isNewUser: boolean }
  | { next: 'link'; isNewUser: boolean }
  | { next: 'mfa'; encryptedPayload?: string | undefined; multiFactors: MultiFactor[] }
  | { next: 'done'; user: User }
