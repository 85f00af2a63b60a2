import type { SigilConfig } from '../createConfig.js'
import type { GetSignerReturnType } from './getSigner.js'

/**
 * Subscribes to the config's signer (docs/account-kit.md#core `getSigner` / `watchSigner`):
 * `watchSigner(config)(onChange)` calls `onChange` when a signer is made (`getSigner`, on the client
 * only) or replaced, and returns the function that unsubscribes. It does not make one.
 *
 * @example
 * const unwatch = watchSigner(config)((signer) => signer?.on('connected', show))
 */
export function watchSigner(config: SigilConfig) {
  return (onChange: (signer: GetSignerReturnType, previous: GetSignerReturnType) => void): (() => void) =>
    config.store.subscribe((state) => state.signer, onChange)
}
