export type BoundedCache<Key, Value> = {
  get(key: Key): Value | undefined
  set(key: Key, value: Value): void
  delete(key: Key): void
  clear(): void
  readonly size: number
}

/**
 * A Map that holds at most `maxEntries`: setting a new key beyond that drops the oldest one (insertion
 * order), so a cache keyed by client input cannot grow without bound.
 *
 * @example
 * const accounts = createBoundedCache<string, Account>(10_000)
 * accounts.set(key, account)
 */
export function createBoundedCache<Key, Value>(maxEntries: number): BoundedCache<Key, Value> {
  if (!Number.isInteger(maxEntries) || maxEntries < 1)
    throw new RangeError('maxEntries must be a positive integer')
  const entries = new Map<Key, Value>()
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      if (!entries.has(key) && entries.size >= maxEntries) entries.delete(entries.keys().next().value as Key)
      entries.set(key, value)
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
    get size() {
      return entries.size
    },
  }
}
