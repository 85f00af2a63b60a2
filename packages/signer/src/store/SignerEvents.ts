import type { AuthenticatingType, ErrorInfo, MfaStatus, SignerStatus, User } from '../types.js'

/** The events of `signer.on(event, listener)` (docs/account-kit.md#signer). */
export type SignerEvents = {
  /** The status became CONNECTED. */
  connected: (user: User) => void
  connectedEmail: (user: User, bundle: string) => void
  connectedOtp: (user: User, bundle: string) => void
  connectedOauth: (user: User, bundle: string) => void
  /** A custom-JWT sign-in (`authenticate({ type: 'custom-jwt', jwt })`) connected. */
  connectedJwt: (user: User, bundle: string) => void
  /** `bundle`: the session key a passkey sign-in minted (absent for a legacy passkey session). */
  connectedPasskey: (user: User, bundle?: string) => void
  /** The status became DISCONNECTED. */
  disconnected: () => void
  /** The signed-in user was just created. */
  newUserSignup: () => void
  authenticating: (parameters: { type: AuthenticatingType }) => void
  statusChanged: (status: SignerStatus) => void
  errorChanged: (error: ErrorInfo | undefined) => void
  mfaStatusChanged: (mfaStatus: MfaStatus) => void
}

export type SignerEventName = keyof SignerEvents
