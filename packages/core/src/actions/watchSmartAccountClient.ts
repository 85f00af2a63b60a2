import type { SigilConfig } from '../createConfig.js'
import type { SmartAccountState, SmartAccountType } from '../store/CoreState.js'
import { getSmartAccountState } from './getSmartAccountState.js'

export type WatchSmartAccountClientParameters = { type: SmartAccountType }

/**
 * Subscribes to the smart account of `type` on the active chain:
 * `watchSmartAccountClient(config, { type })(onChange)` calls `onChange` with its record (status,
 * address, error; `undefined` when there is none, e.g. after a disconnect) whenever the record or the
 * active chain changes, and returns the function that unsubscribes.
 *
 * @example
 * const unwatch = watchSmartAccountClient(config, { type: 'LightAccount' })((account) => render(account?.address))
 */
export function watchSmartAccountClient(config: SigilConfig, { type }: WatchSmartAccountClientParameters) {
  return (onChange: (account: SmartAccountState | undefined) => void): (() => void) =>
    config.store.subscribe(
      () => getSmartAccountState(config, { type }),
      (account) => onChange(account),
    )
}
