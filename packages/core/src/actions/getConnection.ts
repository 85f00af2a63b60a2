import type { SigilConfig } from '../createConfig.js'
import type { Connection } from '../store/CoreState.js'

export type GetConnectionReturnType = Connection

/**
 * The active chain's connection: its RPC URL or transport, and its gas policy.
 *
 * @example
 * const { chain, policyId } = getConnection(config)
 */
export function getConnection(config: SigilConfig): GetConnectionReturnType {
  const { chain, connections } = config.store.getState()
  return connections[chain.id]!
}
