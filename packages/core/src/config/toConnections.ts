import type { Connection } from '../store/CoreState.js'
import type { ChainConnectionParameters, CreateConfigParameters } from './CreateConfigParameters.js'

/**
 * A config's connections per chain id (docs/account-kit.md#core): each entry of `chains`, or the one `chain`,
 * with the config's `transport` and `policyId` where the entry has none.
 *
 * @example
 * toConnections({ connection, chain: base, policyId: 'p1' }) // { 8453: { chain: base, policyId: 'p1', … } }
 */
export function toConnections(parameters: CreateConfigParameters): Record<number, Connection> {
  const entries: ChainConnectionParameters[] = parameters.chains?.length
    ? parameters.chains
    : [{ chain: parameters.chain }]
  const connections: Record<number, Connection> = {}
  for (const entry of entries)
    connections[entry.chain.id] = {
      chain: entry.chain,
      rpcUrl: entry.rpcUrl,
      transport: entry.transport ?? parameters.transport,
      policyId: entry.policyId ?? parameters.policyId,
    }
  return connections
}
