import type { SignerClient } from '../client/SignerClient.js'
import { request } from '../transport/request.js'

/**
 * Texts an existing user a sign-in code (`/v1/auth {phone}`), bound to the key frame's public key.
 * Emits `authenticating {type:'otp'}`.
 *
 * @example
 * const { orgId, otpId } = await initSmsAuth(signer, { phone: '+14155550123' })
 */
export async function initSmsAuth(
  client: SignerClient,
  { phone }: { phone: string },
): Promise<{ orgId: string; otpId?: string | undefined }> {
  client.events.emit('authenticating', { type: 'otp' })
  const targetPublicKey = await client.sessionStamper.init()
  return request(client, '/v1/auth', { phone, targetPublicKey })
}
