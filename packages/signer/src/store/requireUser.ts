import type { SignerClient } from '../client/SignerClient.js'
import { NotAuthenticatedError } from '../errors/NotAuthenticatedError.js'
import type { User } from '../types.js'

/**
 * The signed-in user, or `NotAuthenticatedError` when nobody is signed in.
 *
 * @example
 * const { orgId, address } = requireUser(signer)
 */
export function requireUser(client: Pick<SignerClient, 'getState'>): User {
  const { user } = client.getState()
  if (!user) throw new NotAuthenticatedError()
  return user
}
