import type { SignerStatus } from '@sigil/signer'

const words: Record<SignerStatus, string> = {
  INITIALIZING: 'Starting…',
  CONNECTED: 'Signed in',
  DISCONNECTED: 'Signed out',
  AUTHENTICATING_PASSKEY: 'Waiting for your passkey…',
  AUTHENTICATING_EMAIL: 'Signing in…',
  AUTHENTICATING_OAUTH: 'Signing in…',
  AUTHENTICATING_JWT: 'Signing in…',
  AWAITING_EMAIL_AUTH: 'Check your email',
  AWAITING_SMS_AUTH: 'Check your text messages',
  AWAITING_OTP_AUTH: 'Enter your code',
  AWAITING_MFA_AUTH: 'Enter your authenticator code',
}

/**
 * The signer's status as the header says it to a person (the status names are for code).
 *
 * @example
 * describeSignerStatus('AWAITING_EMAIL_AUTH') // 'Check your email'
 */
export function describeSignerStatus(status: SignerStatus): string {
  return words[status] ?? 'Signing in…'
}
