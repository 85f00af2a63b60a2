import type { User } from '../types.js'

/**
 * The persisted session (docs/protocol.md#sessions): the kind of login, its user, and the credential
 * bundle its session key came in. A passkey sign-in has one too (`create_read_write_session`); a
 * passkey session stored without one (before sessions were minted for passkeys) stamps with the passkey.
 */
export type Session =
  | {
      type: 'email' | 'oauth' | 'otp' | 'passkey' | 'custom-jwt'
      bundle: string
      expirationDateMs: number
      user: User
    }
  | { type: 'passkey'; expirationDateMs: number; user: User }

export type SessionType = Session['type']

/** Kept between the steps of a sign-in, shared across tabs (docs/protocol.md#sessions). */
export type TemporarySession = {
  orgId: string
  isNewUser?: boolean | undefined
  encryptedPayload?: string | undefined
  mfaFactorId?: string | undefined
  /** Every factor the pending login may be finished with (`MFA_REQUIRED`'s `multiFactors`). */
  mfaFactors?: { multiFactorId: string; multiFactorType: string }[] | undefined
}

/** A session to store: `expirationDateMs` is set by the session manager. */
export type NewSession = Session extends infer T
  ? T extends Session
    ? Omit<T, 'expirationDateMs'>
    : never
  : never
