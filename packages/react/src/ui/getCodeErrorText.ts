import { readSignInError } from '@sigil/core'
import { signerErrorCodes } from '@sigil/protocol'
import { texts } from './texts.js'

/**
 * The text under a code field after a failed check, or undefined when the failure is not about the
 * code (then the step shows its error screen instead), by the server's error `code`. Email codes:
 * `INVALID_OTP_CODE` → 'The code you entered is incorrect', `OTP_CODE_EXPIRED` (expired, used, or three
 * wrong tries) → 'This code has expired or had too many wrong tries…', pointing at Resend. Authenticator codes (`totp`):
 * `INVALID_MFA_CODE` → 'The code you entered is incorrect', anything else → 'An error occurred
 * while verifying the code'.
 *
 * @example
 * getCodeErrorText(error, 'otp') // 'The code you entered is incorrect'
 */
export function getCodeErrorText(failure: unknown, kind: 'otp' | 'totp'): string | undefined {
  const { code } = readSignInError(failure)
  if (kind === 'otp') {
    if (code === signerErrorCodes.INVALID_OTP_CODE) return texts.otp.incorrect
    return code === signerErrorCodes.OTP_CODE_EXPIRED ? texts.otp.expired : undefined
  }
  return code === signerErrorCodes.INVALID_MFA_CODE ? texts.totp.incorrect : texts.totp.failed
}
