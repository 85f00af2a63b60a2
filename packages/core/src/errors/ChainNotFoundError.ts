import { BaseError } from '@sigil/protocol'
import type { Chain } from 'viem'

export type ChainNotFoundErrorParameters = {
  /** The chain that was asked for; leave out when no chain was given at all. */
  chain?: Pick<Chain, 'id' | 'name'> | undefined
  cause?: unknown
}

/**
 * No chain was given (`'No chain supplied to the client'`), or the chain asked for is not one of
 * the config's connections (`'Chain (<name>) not found in connections config object'`).
 *
 * @example
 * setChain(config, polygon) // ChainNotFoundError: Chain (Polygon) not found in connections config object
 */
export class ChainNotFoundError extends BaseError {
  override name = 'ChainNotFoundError' as const

  constructor({ chain, cause }: ChainNotFoundErrorParameters = {}) {
    super(
      chain
        ? `Chain (${chain.name}) not found in connections config object`
        : 'No chain supplied to the client',
      { cause, details: chain ? `chain id ${chain.id}` : undefined },
    )
  }
}
