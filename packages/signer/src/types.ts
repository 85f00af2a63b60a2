/** Shared shapes of the signer (spec §3). */

/** Signer status values (spec §4); the string values equal the names. */
export const signerStatus = {
  INITIALIZING: 'INITIALIZING',
  CONNECTED: 'CONNECTED',
  DISCONNECTED: 'DISCONNECTED',
  AUTHENTICATING_PASSKEY: 'AUTHENTICATING_PASSKEY',
  AUTHENTICATING_EMAIL: 'AUTHENTICATING_EMAIL',
  AUTHENTICATING_OAUTH: 'AUTHENTICATING_OAUTH',
  AWAITING_EMAIL_AUTH: 'AWAITING_EMAIL_AUTH',
  AWAITING_OTP_AUTH: 'AWAITING_OTP_AUTH',
  AWAITING_MFA_AUTH: 'AWAITING_MFA_AUTH',
} as const

export type SignerStatus = (typeof signerStatus)[keyof typeof signerStatus]

/** The signed-in user. Only `address`, `orgId`, `userId` and `email` are persisted. */
export type User = {
  address: `0x${string}`
  userId: string
  orgId: string
  email?: string | undefined
  solanaAddress?: string | undefined
  /** A passkey user's credential id (base64url). */
  credentialId?: string | undefined
  idToken?: string | undefined
  claims?: Record<string, unknown> | undefined
}

/** A factor the server lists. */
export type MultiFactor = { multiFactorId: string; multiFactorType: 'totp' | (string & {}) }

/** A code for a factor, sent to the server. */
export type MultiFactorEntry = { multiFactorId: string; multiFactorCode: string }

export type MfaStatus = { mfaRequired: boolean; mfaFactorId?: string | undefined }

export type ErrorInfo = { name: string; message: string }

/** What `authenticating` reports: the kind of step in progress. */
export type AuthenticatingType = 'email' | 'passkey' | 'oauth' | 'otp' | 'otpVerify'

export type SignerState = {
  status: SignerStatus
  user: User | undefined
  error: ErrorInfo | undefined
  mfaStatus: MfaStatus
  isNewUser: boolean | undefined
  otpId: string | undefined
}

/** A Turnkey-style signed request: the exact body, its stamp, and the key API URL it targets. */
export type StampedRequest = {
  body: string
  stamp: { stampHeaderName: string; stampHeaderValue: string }
  url: string
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
