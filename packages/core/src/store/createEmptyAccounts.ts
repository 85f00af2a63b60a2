import type { ChainAccounts, Connection } from './CoreState.js'

/**
 * An empty accounts record for every configured chain: the start, and what a disconnect resets to.
 *
 * @example
 * createEmptyAccounts(config.store.getState().connections) // { 1: {}, 8453: {} }
 */
export function createEmptyAccounts(connections: Record<number, Connection>): Record<number, ChainAccounts> {
  return Object.fromEntries(Object.keys(connections).map((id) => [Number(id), {}]))
}
