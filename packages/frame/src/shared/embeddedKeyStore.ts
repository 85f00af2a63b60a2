const databaseName = 'sigil-frame'
const storeName = 'keys'

export type StoredKeyPair = { keyPair: CryptoKeyPair; publicKeyHex: string; expiresAt: number }

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(databaseName, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(storeName)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await open()
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
 * The frame origin's IndexedDB store of embedded keys. WebCrypto keys are stored as `CryptoKey`
 * objects (structured clone), so a non-extractable private key never exists as bytes.
 *
 * @example
 * await embeddedKeyStore.save('auth', { keyPair, publicKeyHex, expiresAt })
 */
export const embeddedKeyStore = {
  load: (name: string) => run<StoredKeyPair | undefined>('readonly', (store) => store.get(name)),
  save: (name: string, value: StoredKeyPair) => run('readwrite', (store) => store.put(value, name)),
  delete: (name: string) => run('readwrite', (store) => store.delete(name)),
}
