import type { SignerClient } from '../client/SignerClient.js'
import { request } from '../transport/request.js'

/**
 * Whether a user with this proven phone number exists for the app (`/v1/lookup {phone}`): its
 * organization id, or null.
 *
 * @example
 * const { orgId } = await lookupUserByPhone(signer, { phone: '+14155550123' })
 */
export async function lookupUserByPhone(
  client: SignerClient,
  { phone }: { phone: string },
): Promise<{ orgId: string | null }> {
  return request(client, '/v1/lookup', { phone })
}
