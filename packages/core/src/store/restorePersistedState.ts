import type { User } from '@sigil/signer'
import type { ChainAccounts, CoreState } from './CoreState.js'
import { isPersistedStateCurrent } from './isPersistedStateCurrent.js'
import { toSignerStatusState } from './toSignerStatusState.js'

/**
 * Puts a stored state back into the running one, or keeps the running one (rebuilt from the config)
 * when the stored state is not current (`isPersistedStateCurrent`). The chain becomes the
 * configured chain of the stored id; accounts of configured chains come back; the user and signer
 * status come back unless a signer is already running, whose own state wins.
 *
 * @example
 * const state = restorePersistedState(storedState, config.store.getState())
 */
export function restorePersistedState(persisted: unknown, state: CoreState): CoreState {
  if (!isPersistedStateCurrent(persisted, state)) return state
  const chain = state.connections[persisted.chain.id]!.chain
  const accounts: Record<number, ChainAccounts> = { ...state.accounts }
  for (const id of Object.keys(accounts)) {
    const stored = persisted.accounts?.[id]
    if (stored && typeof stored === 'object') accounts[Number(id)] = stored
  }
  if (state.signer) return { ...state, chain, accounts }
  const { status, error } = persisted.signerStatus
  return {
    ...state,
    chain,
    accounts,
    user: persisted.user as User | undefined,
    signerStatus: toSignerStatusState(status, error),
  }
}
