import { NotAuthenticatedError } from '../errors/NotAuthenticatedError.js'
import type { Signer } from '../Signer.js'
import type { User } from '../types.js'

/**
 * The signed-in user, or `NotAuthenticatedError` when nobody is signed in.
 *
 * @example
 * const { orgId, address } = requireUser(signer)
 */
export function requireUser(signer: Pick<Signer, 'getState'>): User {
  const { user } = signer.getState()
  if (!user) throw new NotAuthenticatedError()
  return user
}
