import { persist, subscribeWithSelector } from 'zustand/middleware'
import { createStore, type Mutate, type StoreApi } from 'zustand/vanilla'
import type { CoreState, PersistedState } from './CoreState.js'
import { createPersistStorage } from './createPersistStorage.js'
import { restorePersistedState } from './restorePersistedState.js'
import { storageKey, storageVersion } from './storeDefaults.js'
import { toPersistedState } from './toPersistedState.js'

// The middleware's StoreMutators augmentation must reach the emitted .d.ts: without this line
// `CoreStore` is `never` for packages that read @sigil/core's declarations (tsc -b, a published build).
export type { PersistOptions } from 'zustand/middleware'

/** `config.store`: a zustand vanilla store with `subscribe(selector, listener)` and `persist`. */
export type CoreStore = Mutate<
  StoreApi<CoreState>,
  [['zustand/subscribeWithSelector', never], ['zustand/persist', PersistedState]]
>

export type CreateCoreStoreParameters = {
  /** The state built from the config: the start, and what a stale stored state is replaced by. */
  initialState: CoreState
  /** Where the state is persisted; looked up on first use. */
  getStorage: () => Storage
  /** Server rendering: do not read storage now; `hydrate(config).onMount()` does, on the client. */
  ssr: boolean
}

/**
 * The app-state store (docs/account-kit.md#core): zustand with `subscribeWithSelector` and `persist` under
 * `alchemy-account-state`, version 14. A stored state of another version is discarded (`migrate`);
 * one made with another config is not restored (`merge`); either way the state is rebuilt from the
 * config. The signer is never persisted.
 *
 * @example
 * const store = createCoreStore({ initialState, getStorage: () => localStorage, ssr: false })
 * store.subscribe((state) => state.signerStatus, (status) => render(status))
 */
export function createCoreStore({ initialState, getStorage, ssr }: CreateCoreStoreParameters): CoreStore {
  return createStore<CoreState>()(
    subscribeWithSelector(
      persist(() => initialState, {
        name: storageKey,
        version: storageVersion,
        storage: createPersistStorage(getStorage),
        partialize: toPersistedState,
        // Any other version: start over from the config (the result goes through `merge`).
        migrate: () => toPersistedState(initialState),
        merge: restorePersistedState,
        skipHydration: ssr,
      }),
    ),
  )
}
