import type { SigilConfig } from '../createConfig.js'
import type { SignerStatusState } from '../store/CoreState.js'

const sameStatus = (a: SignerStatusState, b: SignerStatusState) =>
  a.status === b.status && a.error?.name === b.error?.name && a.error?.message === b.error?.message

/**
 * Subscribes to the signer status: `watchSignerStatus(config)(onChange)` calls `onChange` when the
 * status or its error changes, and returns the function that unsubscribes (the shape
 * `useSyncExternalStore` takes).
 *
 * @example
 * const unwatch = watchSignerStatus(config)((status) => render(status.isConnected))
 */
export function watchSignerStatus(config: SigilConfig) {
  return (onChange: (status: SignerStatusState, previous: SignerStatusState) => void): (() => void) =>
    config.store.subscribe((state) => state.signerStatus, onChange, { equalityFn: sameStatus })
}
