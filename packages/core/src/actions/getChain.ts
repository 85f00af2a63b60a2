import type { Chain } from 'viem'
import type { SigilConfig } from '../createConfig.js'

export type GetChainReturnType = Chain

/**
 * The active chain.
 *
 * @example
 * getChain(config).id // 8453
 */
export function getChain(config: SigilConfig): GetChainReturnType {
  return config.store.getState().chain
}
