import type { Client } from 'viem'
import { ChainNotFoundError } from '../errors/ChainNotFoundError.js'

/**
 * The id of the chain an account's client is bound to. Smart accounts sign for one chain, so the
 * client must carry one (`createPublicClient({ chain, transport })`).
 *
 * @example
 * const chainId = requireChainId(client) // 31337
 */
export function requireChainId(client: Client): number {
  if (!client.chain) throw new ChainNotFoundError()
  return client.chain.id
}
