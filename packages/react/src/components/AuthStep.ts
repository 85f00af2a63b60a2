import type { SocialAuthType } from './AuthUiConfig.js'

/** A browser wallet as the wallet steps show it (an EIP-6963 announcement or an injected provider). */
export type AuthWallet = { id: string; name: string; icon?: string | undefined }

/** Progress of the code entry of `otp_verify`. */
export type OtpStatus = 'base' | 'verifying' | 'success' | 'error'

/**
 * Where the sign-in UI is (`AuthStep`, docs/sign-in-ui.md#steps: initial, pick_eoa, eoa_connect,
 * wallet_connect, complete). An `error` on a step draws that step's error screen or message.
 */
export type AuthStep =
  | { type: 'initial'; error?: Error | undefined }
  | { type: 'email_verify'; email: string }
  | { type: 'otp_verify'; email: string; error?: Error | undefined; status?: OtpStatus | undefined }
  | {
      type: 'totp_verify'
      previousStep: 'magicLink'
      factorId: string
      email: string
      error?: Error | undefined
    }
  | { type: 'totp_verify'; previousStep: 'otp'; error?: Error | undefined }
  | { type: 'passkey_verify'; error?: Error | undefined }
  | { type: 'passkey_create'; error?: Error | undefined }
  | { type: 'passkey_create_success' }
  | { type: 'email_completing' }
  | { type: 'oauth_completing'; config: SocialAuthType; error?: Error | undefined }
  | { type: 'pick_eoa' }
  | { type: 'eoa_connect'; wallet: AuthWallet; error?: Error | undefined }
  | { type: 'wallet_connect'; error?: Error | undefined }
  | { type: 'complete' }

export type AuthStepType = AuthStep['type']
