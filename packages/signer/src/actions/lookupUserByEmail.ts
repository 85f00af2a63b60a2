import type { Signer } from '../Signer.js'
import { request } from '../transport/request.js'

export type LookupUserByEmailReturnType = { orgId: string | null }

/**
 * Whether a user with this email exists for the app (`/v1/lookup`): its organization id, or null.
 *
 * @example
 * const { orgId } = await lookupUserByEmail(signer, { email: 'ada@example.com' })
 */
export async function lookupUserByEmail(
  signer: Signer,
  { email }: { email: string },
): Promise<LookupUserByEmailReturnType> {
  return request(signer, '/v1/lookup', { email })
}
