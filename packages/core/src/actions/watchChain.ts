import type { Chain } from 'viem'
import type { SigilConfig } from '../createConfig.js'

/**
 * Subscribes to the active chain: `watchChain(config)(onChange)` calls `onChange` when the chain id
 * changes, and returns the function that unsubscribes.
 *
 * @example
 * const unwatch = watchChain(config)((chain) => render(chain.name))
 */
export function watchChain(config: SigilConfig) {
  return (onChange: (chain: Chain, previous: Chain) => void): (() => void) =>
    config.store.subscribe((state) => state.chain, onChange, { equalityFn: (a, b) => a.id === b.id })
}
