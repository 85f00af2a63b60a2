const databaseName = 'sigil-frame'
const storeName = 'keys'

export type StoredKeyPair = { keyPair: CryptoKeyPair; publicKeyHex: string; expiresAt: number }

/**
 * Where keys live once the browser has refused this frame its IndexedDB (Chromium denies a
 * cross-site frame its database when third-party storage is blocked): memory, for the life of the page.
 */
let memory: Map<string, StoredKeyPair> | undefined

/** The warning logged once when the frame falls back to memory. */
export const memoryFallbackWarning =
  "Sigil key frame: this browser denies the frame its storage (IndexedDB), so its key is kept in memory and the session will not survive a reload in this browser unless Sigil is served on the app's site (e.g. signer.example.com for app.example.com)."

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(databaseName, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(storeName)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/** The database, or the memory map when the browser refuses one (switching to memory once, for good). */
async function openOrFallBack(): Promise<IDBDatabase | Map<string, StoredKeyPair>> {
  if (memory) return memory
  try {
    return await open()
  } catch (error) {
    if (!memory) {
      memory = new Map()
      // biome-ignore lint/suspicious/noConsole: the one hint an app developer gets that sessions cannot persist here
      console.warn(memoryFallbackWarning, error)
    }
    return memory
  }
}

async function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
  inMemory: (map: Map<string, StoredKeyPair>) => T,
): Promise<T> {
  const database = await openOrFallBack()
  if (database instanceof Map) return inMemory(database)
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(database.transaction(storeName, mode).objectStore(storeName))
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
  } finally {
    database.close()
  }
}

/**
 * Moves the key stored under `from` to `to` in one transaction, unless `to` already holds one:
 * answers what `to` holds afterwards. Two frames adopting at once cannot both get the key.
 */
function adoptInDatabase(
  database: IDBDatabase,
  from: string,
  to: string,
): Promise<StoredKeyPair | undefined> {
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(storeName, 'readwrite')
    const store = transaction.objectStore(storeName)
    let result: StoredKeyPair | undefined
    const current = store.get(to)
    current.onsuccess = () => {
      result = current.result as StoredKeyPair | undefined
      if (result) return
      const legacy = store.get(from)
      legacy.onsuccess = () => {
        result = legacy.result as StoredKeyPair | undefined
        if (!result) return
        store.put(result, to)
        store.delete(from)
      }
    }
    transaction.oncomplete = () => resolve(result)
    transaction.onerror = () => reject(transaction.error)
    transaction.onabort = () => reject(transaction.error)
  })
}

/**
 * The frame origin's IndexedDB store of embedded keys. WebCrypto keys are stored as `CryptoKey`
 * objects (structured clone), so a non-extractable private key never exists as bytes. When the
 * browser refuses the frame its database (blocked third-party storage), the keys are kept in memory
 * instead, still non-extractable, with one `console.warn`: the frame works until the page reloads.
 *
 * @example
 * await embeddedKeyStore.save(embeddedKeyName('auth', owner), { keyPair, publicKeyHex, expiresAt })
 */
export const embeddedKeyStore = {
  load: (name: string) =>
    run<StoredKeyPair | undefined>(
      'readonly',
      (store) => store.get(name),
      (map) => map.get(name),
    ),
  save: (name: string, value: StoredKeyPair) =>
    run<IDBValidKey>(
      'readwrite',
      (store) => store.put(value, name),
      (map) => {
        map.set(name, value)
        return name
      },
    ),
  /**
   * The key under `name`, else the one under `legacyName` moved to `name` (atomically: the legacy
   * entry is gone afterwards, and only one caller gets it).
   */
  adopt: async (legacyName: string, name: string): Promise<StoredKeyPair | undefined> => {
    const database = await openOrFallBack()
    if (database instanceof Map) {
      const current = database.get(name) ?? database.get(legacyName)
      if (current && !database.has(name)) {
        database.set(name, current)
        database.delete(legacyName)
      }
      return current
    }
    try {
      return await adoptInDatabase(database, legacyName, name)
    } finally {
      database.close()
    }
  },
  delete: (name: string) =>
    run<undefined>(
      'readwrite',
      (store) => store.delete(name),
      (map) => {
        map.delete(name)
        return undefined
      },
    ),
}
