import { createMemoryStorage } from './createMemoryStorage.js'

export type StorageOption = 'localStorage' | 'sessionStorage' | Storage

/**
 * The `Storage` a session option names: the browser's `localStorage` / `sessionStorage`, or the
 * given object. Where the browser storage does not exist (Node), an in-memory one stands in.
 *
 * @example
 * resolveStorage('sessionStorage') // window.sessionStorage in a browser
 */
export function resolveStorage(option: StorageOption): Storage {
  if (typeof option !== 'string') return option
  try {
    const storage = (globalThis as Record<string, unknown>)[option] as Storage | undefined
    if (storage) return storage
  } catch {
    // Access can throw (blocked third-party storage): fall back to memory.
  }
  return createMemoryStorage()
}
