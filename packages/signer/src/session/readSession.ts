import type { Session } from './Session.js'

/**
 * The session stored under `sessionKey`, in the zustand-persist envelope
 * `{"state":{"session":…},"version":0}` that Account Kit apps already have in their storage.
 * Returns `undefined` for a missing or unreadable entry.
 *
 * @example
 * readSession(localStorage, 'alchemy-signer-session')
 */
export function readSession(storage: Storage, sessionKey: string): Session | undefined {
  const text = storage.getItem(sessionKey)
  if (!text) return undefined
  try {
    const envelope = JSON.parse(text) as { state?: { session?: Session | null } } | null
    const session = envelope?.state?.session
    if (!session || typeof session !== 'object' || !session.user) return undefined
    return session
  } catch {
    return undefined
  }
}
