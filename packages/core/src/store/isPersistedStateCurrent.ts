import { type SignerStatus, signerStatus } from '@sigil/signer'
import type { CoreState, PersistedState } from './CoreState.js'
import { toPersistedState } from './toPersistedState.js'
import { toStableJson } from './toStableJson.js'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const statuses = new Set<string>(Object.values(signerStatus))

/**
 * Whether a stored state may be restored into `state` (docs/account-kit.md#core `merge`): its chain is one
 * of the connections, and its connections (count and each one) and signer config equal the running
 * config's. Otherwise the state is rebuilt from the config.
 *
 * @example
 * isPersistedStateCurrent(JSON.parse(stored).state, config.store.getState()) // false after a config change
 */
export function isPersistedStateCurrent(persisted: unknown, state: CoreState): persisted is PersistedState {
  if (!isRecord(persisted) || !isRecord(persisted.chain) || !isRecord(persisted.signerStatus)) return false
  const chainId = persisted.chain.id
  if (typeof chainId !== 'number' || !state.connections[chainId]) return false
  if (!statuses.has(persisted.signerStatus.status as SignerStatus)) return false
  if (persisted.user !== undefined && !isRecord(persisted.user)) return false
  if (persisted.accounts !== undefined && !isRecord(persisted.accounts)) return false
  const current = toPersistedState(state)
  return (
    toStableJson(persisted.connections) === toStableJson(current.connections) &&
    toStableJson(persisted.config) === toStableJson(current.config)
  )
}
