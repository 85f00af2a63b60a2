import type { User } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'

const sameUser = (a: User | undefined, b: User | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.userId === b.userId &&
    a.orgId === b.orgId &&
    a.address === b.address &&
    a.email === b.email &&
    a.solanaAddress === b.solanaAddress)

/**
 * Subscribes to the user: `watchUser(config)(onChange)` calls `onChange` when someone signs in or
 * out or the user changes, and returns the function that unsubscribes.
 *
 * @example
 * const unwatch = watchUser(config)((user) => render(user?.address))
 */
export function watchUser(config: SigilConfig) {
  return (onChange: (user: User | undefined, previous: User | undefined) => void): (() => void) =>
    config.store.subscribe((state) => state.user, onChange, { equalityFn: sameUser })
}
