/** A tiny external store: what `useSyncExternalStore` reads. The state object changes only on `setState`. */
export type Store<TState> = {
  getState(): TState
  /** Merges `next` (or what it returns) into the state and tells the listeners, if anything changed. */
  setState(next: Partial<TState> | ((state: TState) => Partial<TState>)): void
  subscribe(listener: () => void): () => void
}

/**
 * Makes a `Store` for provider-scoped React state (the auth modal, external wallets). Snapshots are
 * stable: `getState()` returns the same object until a `setState` changes a field.
 *
 * @example
 * const store = createStore({ isOpen: false })
 * const isOpen = useSyncExternalStore(store.subscribe, () => store.getState().isOpen)
 */
export function createStore<TState extends object>(initialState: TState): Store<TState> {
  let state = initialState
  const listeners = new Set<() => void>()
  return {
    getState: () => state,
    setState(next) {
      const patch = typeof next === 'function' ? next(state) : next
      const changed = (Object.keys(patch) as (keyof TState)[]).some(
        (key) => !Object.is(patch[key], state[key]),
      )
      if (!changed) return
      state = { ...state, ...patch }
      for (const listener of [...listeners]) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
