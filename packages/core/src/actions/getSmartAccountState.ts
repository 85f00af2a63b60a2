import type { SigilConfig } from '../createConfig.js'
import type { SmartAccountState, SmartAccountType } from '../store/CoreState.js'

export type GetSmartAccountStateParameters = { type: SmartAccountType }

export type GetSmartAccountStateReturnType = SmartAccountState | undefined

/**
 * The store's record of the signed-in user's smart account of `type` on the active chain (status,
 * address, error), or `undefined` before `getSmartAccountClient` built it. JSON-safe: it is persisted.
 *
 * @example
 * getSmartAccountState(config, { type: 'LightAccount' })?.address
 */
export function getSmartAccountState(
  config: SigilConfig,
  { type }: GetSmartAccountStateParameters,
): GetSmartAccountStateReturnType {
  const { chain, accounts } = config.store.getState()
  return accounts[chain.id]?.[type]
}
