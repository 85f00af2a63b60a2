import type { SignerClient } from '../client/SignerClient.js'
import { request } from '../transport/request.js'

export type LookupUserByEmailReturnType = { orgId: string | null }

/**
 * Whether a user with this email exists for the app (`/v1/lookup`): its organization id, or null.
 *
 * @example
 * const { orgId } = await lookupUserByEmail(signer, { email: 'ada@example.com' })
 */
export async function lookupUserByEmail(
  client: SignerClient,
  { email }: { email: string },
): Promise<LookupUserByEmailReturnType> {
  return request(client, '/v1/lookup', { email })
}
