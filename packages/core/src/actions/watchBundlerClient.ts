import type { SigilConfig } from '../createConfig.js'
import { type GetBundlerClientReturnType, getBundlerClient } from './getBundlerClient.js'

/**
 * Subscribes to the bundler client (docs/account-kit.md#core `getBundlerClient` / `watchBundlerClient`):
 * `watchBundlerClient(config)(onChange)` calls `onChange` with the new chain's client when `setChain`
 * moves to another chain, and returns the function that unsubscribes.
 *
 * @example
 * const unwatch = watchBundlerClient(config)((bundler) => render(bundler.chain.name))
 */
export function watchBundlerClient(config: SigilConfig) {
  return (onChange: (client: GetBundlerClientReturnType) => void): (() => void) =>
    config.store.subscribe(
      (state) => state.chain.id,
      () => onChange(getBundlerClient(config)),
    )
}
