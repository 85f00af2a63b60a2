import { createMemoryStorage } from '@sigil/signer'

/**
 * Where the app state is persisted when the config names no storage: the browser's `localStorage`,
 * or an in-memory storage on a server (or where `localStorage` is blocked).
 *
 * @example
 * getDefaultStorage() // window.localStorage in a browser
 */
export function getDefaultStorage(): Storage {
  if (typeof window !== 'undefined')
    try {
      if (window.localStorage) return window.localStorage
    } catch {
      // Blocked storage (third-party frame, privacy mode): fall back to memory.
    }
  return createMemoryStorage()
}
