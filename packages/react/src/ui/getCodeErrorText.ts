import { readServerError } from './readServerError.js'
import { texts } from './texts.js'

/**
 * The text under a code field after a failed check, or undefined when the failure is not about the
 * code (then the step shows its error screen instead). Email codes: the server's `invalid OTP code`
 * → 'The code you entered is incorrect'. Authenticator codes (`totp`): `Invalid MFA code` → 'The code
 * you entered is incorrect', anything else → 'An error occurred while verifying the code'.
 *
 * @example
 * getCodeErrorText(error, 'otp') // 'The code you entered is incorrect'
 */
export function getCodeErrorText(failure: unknown, kind: 'otp' | 'totp'): string | undefined {
  const { error } = readServerError(failure)
  if (kind === 'otp') return error === 'invalid OTP code' ? texts.otp.incorrect : undefined
  const message = failure instanceof Error ? failure.message : ''
  return error?.includes('Invalid MFA code') || message.includes('Invalid MFA code')
    ? texts.totp.incorrect
    : texts.totp.failed
}
