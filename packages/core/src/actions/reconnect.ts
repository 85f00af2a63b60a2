import type { SigilConfig } from '../createConfig.js'
import type { GetSignerReturnType } from './getSigner.js'
import { getSigner } from './getSigner.js'

export type ReconnectReturnType = GetSignerReturnType

/**
 * Starts the client side of a config (docs/account-kit.md#core): makes the signer, which restores the stored
 * session, and lets the store follow it. Seam: the smart-account layer (`@sigil/accounts`) adds
 * here the re-creation of the stored accounts of the active chain once the signer is connected.
 *
 * @example
 * const signer = reconnect(config)
 * await signer?.ready
 */
export function reconnect(config: SigilConfig): ReconnectReturnType {
  return getSigner(config)
}
