import type { SigilConfig } from '../createConfig.js'
import type { Connection } from '../store/CoreState.js'

/**
 * Subscribes to the active chain's connection (docs/account-kit.md#core `getConnection` /
 * `watchConnection`): `watchConnection(config)(onChange)` calls `onChange` when `setChain` moves to
 * another chain's connection, and returns the function that unsubscribes.
 *
 * @example
 * const unwatch = watchConnection(config)((connection) => render(connection.chain.name, connection.policyId))
 */
export function watchConnection(config: SigilConfig) {
  return (onChange: (connection: Connection, previous: Connection) => void): (() => void) =>
    config.store.subscribe((state) => state.connections[state.chain.id]!, onChange)
}
