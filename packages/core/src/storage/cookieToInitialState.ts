import type { SigilConfig } from '../createConfig.js'
import type { PersistedState } from '../store/CoreState.js'
import { deserializeState } from '../store/deserializeState.js'
import { isPersistedStateCurrent } from '../store/isPersistedStateCurrent.js'
import { storageVersion } from '../store/storeDefaults.js'
import { parseCookie } from './parseCookie.js'

export type CookieToInitialStateReturnType = PersistedState | undefined

/**
 * On the server: the app state persisted by `cookieStorage`, read from the request's `Cookie`
 * header, for `hydrate(config, initialState)` (docs/account-kit.md#core). It stays JSON-safe (the chain as
 * `{id}`), so it can be handed from a server component to the client. `undefined` when there is no
 * cookie, or its state is of another version than 14 or was made with another config.
 *
 * @example
 * const initialState = cookieToInitialState(config, request.headers.get('cookie'))
 */
export function cookieToInitialState(
  config: SigilConfig,
  cookieHeader?: string | null | undefined,
): CookieToInitialStateReturnType {
  const text = parseCookie(cookieHeader ?? '', config._internal.storageKey)
  const stored = text === undefined ? undefined : deserializeState(text)
  if (!stored || stored.version !== storageVersion) return undefined
  return isPersistedStateCurrent(stored.state, config.store.getState()) ? stored.state : undefined
}
