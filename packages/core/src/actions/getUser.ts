import type { User } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'

export type GetUserReturnType = User | undefined

/**
 * The signed-in user (`address`, `orgId`, `userId`, `email`, …), or `undefined`. After a reload it
 * is the persisted `{address, orgId, userId, email}` until the signer has restored the session.
 *
 * @example
 * const user = getUser(config)
 */
export function getUser(config: SigilConfig): GetUserReturnType {
  return config.store.getState().user
}
