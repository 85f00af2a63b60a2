import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type SendVerificationCodeParameters = { type: 'email' | 'sms'; contact: string }

/**
 * Sends a one-time code to an email or phone number to prove it, before `setEmail` or
 * `setPhoneNumber` with that code (Account Kit's `sendVerificationCode`).
 *
 * @example
 * await sendVerificationCode(config, { type: 'sms', contact: '+14155550123' })
 */
export async function sendVerificationCode(
  config: SigilConfig,
  { type, contact }: SendVerificationCodeParameters,
): Promise<{ otpId: string }> {
  return requireSigner(config).sendVerificationCode(type, contact)
}
