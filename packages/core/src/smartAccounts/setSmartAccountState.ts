import type { SmartAccountState, SmartAccountType } from '../store/CoreState.js'
import type { CoreStore } from '../store/createCoreStore.js'

/**
 * Writes one smart account's record (`accounts[chainId][type]`) in the store.
 *
 * @example
 * setSmartAccountState(config.store, 31337, 'LightAccount', { status: 'READY', address, owner, error: undefined })
 */
export function setSmartAccountState(
  store: CoreStore,
  chainId: number,
  type: SmartAccountType,
  record: SmartAccountState,
): void {
  store.setState((state) => ({
    accounts: { ...state.accounts, [chainId]: { ...state.accounts[chainId], [type]: record } },
  }))
}
