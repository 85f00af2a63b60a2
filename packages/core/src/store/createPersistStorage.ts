import type { PersistStorage } from 'zustand/middleware'
import type { PersistedState } from './CoreState.js'
import { deserializeState } from './deserializeState.js'
import { serializeState } from './serializeState.js'

/**
 * The persist middleware's storage over a `Storage` that is looked up only when first used, so that
 * creating a config touches no browser storage (server rendering, `ssr: true`). Writes that the
 * storage refuses (quota, blocked storage) are dropped: persistence is best-effort.
 *
 * @example
 * const storage = createPersistStorage(() => window.localStorage)
 */
export function createPersistStorage(getStorage: () => Storage): PersistStorage<PersistedState> {
  let storage: Storage | undefined
  const resolve = () => {
    storage ??= getStorage()
    return storage
  }
  return {
    getItem(name) {
      const text = resolve().getItem(name)
      return text
        ? ((deserializeState(text) as ReturnType<PersistStorage<PersistedState>['getItem']>) ?? null)
        : null
    },
    setItem(name, value) {
      try {
        resolve().setItem(name, serializeState(value))
      } catch {
        // Best-effort: the app keeps working with its in-memory state.
      }
    },
    removeItem(name) {
      resolve().removeItem(name)
    },
  }
}
