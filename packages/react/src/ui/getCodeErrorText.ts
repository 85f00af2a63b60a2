import { readSignInError } from '@sigil/core'
import { signerErrorCodes } from '@sigil/protocol'
import { texts } from './texts.js'

/**
 * The text under a code field after a failed check, or undefined when the failure is not about the
 * code (then the step shows its error screen instead), by the server's error `code`. Email codes:
 * `INVALID_OTP_CODE` → 'The code you entered is incorrect'. Authenticator codes (`totp`):
 * `INVALID_MFA_CODE` → 'The code you entered is incorrect', anything else → 'An error occurred
 * while verifying the code'.
 *
 * @example
 * getCodeErrorText(error, 'otp') // 'The code you entered is incorrect'
 */
export function getCodeErrorText(failure: unknown, kind: 'otp' | 'totp'): string | undefined {
  const { code } = readSignInError(failure)
  if (kind === 'otp') return code === signerErrorCodes.INVALID_OTP_CODE ? texts.otp.incorrect : undefined
  return code === signerErrorCodes.INVALID_MFA_CODE ? texts.totp.incorrect : texts.totp.failed
}
