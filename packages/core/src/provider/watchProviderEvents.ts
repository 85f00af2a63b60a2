import { type Address, ProviderDisconnectedError, toHex } from 'viem'
import { getChain } from '../actions/getChain.js'
import { getUser } from '../actions/getUser.js'
import { watchChain } from '../actions/watchChain.js'
import { watchUser } from '../actions/watchUser.js'
import type { SigilConfig } from '../createConfig.js'
import type { createProviderEvents } from './createProviderEvents.js'

/**
 * Fires the provider's events from core's watchers (docs/provider.md#events): a provider made while a user is
 * signed in emits `connect` `{ chainId }` once the account is known (no `accountsChanged`: nothing changed;
 * also when the chain or the user changed before it was known);
 * a sign-in (`watchUser`) emits `connect` `{ chainId }` then `accountsChanged` with the new account; a sign-out `accountsChanged([])` then
 * `disconnect` (4900); another user `accountsChanged`; `setChain` (`watchChain`) `chainChanged` with the hex
 * id, then `accountsChanged` if the account differs on that chain. `resolveAccounts` names the provider's
 * account now. Returns the function that stops watching.
 *
 * @example
 * const unwatch = watchProviderEvents(config, events, () => accountsOf())
 */
export function watchProviderEvents(
  config: SigilConfig,
  events: ReturnType<typeof createProviderEvents>,
  resolveAccounts: () => Promise<Address[]>,
): () => void {
  let last: Address[] = []
  let turn = 0
  // Made while signed in: the first account found (by the first lookup, or by a chain or user change that
  // came before it ended) is announced by `connect` alone, as nothing had been announced before it.
  let connectPending = getUser(config) !== undefined
  const same = (a: Address[], b: Address[]) =>
    a.length === b.length && a.every((each, index) => each === b[index])
  const refresh = async (onChange?: () => void) => {
    const mine = ++turn
    const accounts = await resolveAccounts().catch(() => [] as Address[])
    // A sign-out or another change since this one started has the last word.
    if (mine !== turn || same(accounts, last)) return
    last = accounts
    if (connectPending) {
      connectPending = false
      events.emit('connect', { chainId: toHex(getChain(config).id) })
      return
    }
    onChange?.()
    events.emit('accountsChanged', accounts)
  }
  const unwatchUser = watchUser(config)((user, previous) => {
    if (user && !previous) {
      void refresh(() => events.emit('connect', { chainId: toHex(getChain(config).id) }))
      return
    }
    if (!user) {
      turn++
      last = []
      connectPending = false
      events.emit('accountsChanged', [])
      events.emit(
        'disconnect',
        new ProviderDisconnectedError(
          new Error('The user signed out: call eth_requestAccounts to sign in again'),
        ),
      )
      return
    }
    void refresh()
  })
  // Made while signed in: `connect` once the account is known. It is looked up from the next task on, so
  // listeners added right after creation (also after an `await`, as wagmi's connector does) hear it.
  const initial = connectPending ? setTimeout(() => void refresh(), 0) : undefined
  const unwatchChain = watchChain(config)((chain) => {
    events.emit('chainChanged', toHex(chain.id))
    if (getUser(config)) void refresh()
  })
  return () => {
    clearTimeout(initial)
    unwatchUser()
    unwatchChain()
  }
}
