import type { SigilConfig } from '../createConfig.js'
import type { SignerStatusState } from '../store/CoreState.js'

export type GetSignerStatusReturnType = SignerStatusState

/**
 * The signer status as the store holds it: `status`, `error`, and the flags `isInitializing`,
 * `isAuthenticating`, `isConnected`, `isDisconnected`. The same object until it changes.
 *
 * @example
 * const { isConnected, isAuthenticating } = getSignerStatus(config)
 */
export function getSignerStatus(config: SigilConfig): GetSignerStatusReturnType {
  return config.store.getState().signerStatus
}
