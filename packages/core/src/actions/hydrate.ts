import { signerStatus } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import type { PersistedState } from '../store/CoreState.js'
import { isPersistedStateCurrent } from '../store/isPersistedStateCurrent.js'
import { restorePersistedState } from '../store/restorePersistedState.js'
import { toSignerStatusState } from '../store/toSignerStatusState.js'
import { reconnect } from './reconnect.js'

export type HydrateReturnType = {
  /** Call once on the client after mounting: reads storage (with `ssr`), then starts the signer. */
  onMount(): Promise<void>
}

/**
 * The SSR-safe start (docs/account-kit.md#core). With an `initialState` (from `cookieToInitialState` on the
 * server) that the store has not hydrated yet, the state is set from it, if it is current, with the
 * signer status INITIALIZING until the signer speaks: server and client render the same thing.
 * `onMount()` runs on the client: it reads the persisted state when the config has `ssr`, then
 * calls `reconnect` (the signer restores its session; the store follows).
 *
 * @example
 * const { onMount } = hydrate(config, cookieToInitialState(config, request.headers.get('cookie')))
 * // on the client, once mounted:
 * await onMount()
 */
export function hydrate(config: SigilConfig, initialState?: PersistedState | undefined): HydrateReturnType {
  const { store } = config
  if (initialState && !store.persist.hasHydrated()) {
    const current = store.getState()
    if (!current.signer && isPersistedStateCurrent(initialState, current))
      store.setState({
        ...restorePersistedState(initialState, current),
        signerStatus: toSignerStatusState(signerStatus.INITIALIZING),
      })
  }
  return {
    async onMount() {
      if (config._internal.ssr) await store.persist.rehydrate()
      reconnect(config)
    },
  }
}
