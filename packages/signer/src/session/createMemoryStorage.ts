/**
 * An in-memory `Storage`: the session store of Node backends and tests, where there is no
 * `localStorage`.
 *
 * @example
 * const signer = createSigner({ connection, stamper, sessionConfig: { storage: createMemoryStorage() } })
 */
export function createMemoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key)
    },
    setItem: (key, value) => {
      items.set(key, String(value))
    },
  }
}
