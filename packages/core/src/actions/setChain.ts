import type { Chain } from 'viem'
import type { SigilConfig } from '../createConfig.js'
import { ChainNotFoundError } from '../errors/ChainNotFoundError.js'

/**
 * Makes `chain` the active chain (docs/account-kit.md#core `setChain(config, chain)`). It must be one of the
 * config's connections, otherwise `ChainNotFoundError` ('Chain (<name>) not found in connections
 * config object'). The stored chain is the configured object of that id.
 *
 * @example
 * setChain(config, baseSepolia)
 */
export function setChain(config: SigilConfig, chain: Chain): void {
  const connection = config.store.getState().connections[chain.id]
  if (!connection) throw new ChainNotFoundError({ chain })
  config.store.setState({ chain: connection.chain })
}
