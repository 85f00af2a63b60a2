import type { SignerClient } from '../client/SignerClient.js'
import { request } from '../transport/request.js'

/**
 * Sends a one-time code to an email or phone number (`/v1/init-otp`), to prove it before
 * `setEmail({ verificationCode })` or `setPhoneNumber({ verificationCode })`; keeps its `otpId` in
 * the state, as Account Kit does.
 *
 * @example
 * await sendVerificationCode(signer, { type: 'sms', contact: '+14155550123' })
 * await setPhoneNumber(signer, { verificationCode: '123456' })
 */
export async function sendVerificationCode(
  client: SignerClient,
  { type, contact }: { type: 'email' | 'sms'; contact: string },
): Promise<{ otpId: string }> {
  const { otpId } = await request(client, '/v1/init-otp', {
    otpType: type === 'email' ? 'OTP_TYPE_EMAIL' : 'OTP_TYPE_SMS',
    contact,
  })
  client.store.setState({ otpId })
  return { otpId }
}
