import { getExpiryDelay } from './getExpiryDelay.js'
import { readSession } from './readSession.js'
import type { NewSession, Session, TemporarySession } from './Session.js'
import { temporarySessionKey } from './temporarySessionKey.js'
import { writeSession } from './writeSession.js'

/** Where the session manager hears `focus` and `storage` events: `window` in a browser. */
export type WindowEventSource = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>

export type CreateSessionManagerParameters = {
  storage: Storage
  /** Where the temporary session lives: `localStorage` in a browser, so that every tab sees it. */
  temporaryStorage: Storage
  sessionKey: string
  expirationTimeMs: number
  windowEvents?: WindowEventSource | undefined
  /** Called when the session's expiry timer fires. */
  onExpired(): void
  /** Called on window focus, and when another tab changed the stored session. */
  onExternalChange(): void
}

export type SessionManager = {
  readonly sessionKey: string
  readonly expirationTimeMs: number
  /** The stored session, expired or not; `undefined` also when the stored value cannot be read. */
  getSession(): Session | undefined
  /** The stored session, expired or not; throws when the stored value is not a session. */
  loadSession(): Session | undefined
  /** Stores a session that expires `expirationTimeMs` from now and arms the expiry timer. */
  setSession(session: NewSession): Session
  /** Re-arms the expiry timer for a session read back from storage. */
  watchExpiry(session: Session): void
  /** Removes the session and the temporary session, and stops the timer. */
  clearSession(): void
  getTemporarySession(): TemporarySession | undefined
  setTemporarySession(session: TemporarySession): void
  /** Stops listening to the window. */
  destroy(): void
}

/**
 * The session manager (docs/protocol.md#sessions): the persisted session under `sessionKey`, the temporary one
 * under `<sessionKey>:temporary`, an expiry timer capped at 2^31 − 1 ms, and re-checks on window
 * focus and on `storage` events for the session key (a sign-in or sign-out in another tab).
 *
 * @example
 * const sessions = createSessionManager({ storage: localStorage, temporaryStorage: localStorage,
 *   sessionKey: 'alchemy-signer-session', expirationTimeMs: 900_000, windowEvents: window,
 *   onExpired: () => disconnect(signer), onExternalChange: () => recheckSession(signer) })
 */
export function createSessionManager(parameters: CreateSessionManagerParameters): SessionManager {
  const { storage, temporaryStorage, sessionKey, expirationTimeMs, windowEvents } = parameters
  const temporaryKey = temporarySessionKey(sessionKey)
  let timer: ReturnType<typeof setTimeout> | undefined

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }
  const watchExpiry = (session: Session) => {
    stopTimer()
    timer = setTimeout(() => {
      timer = undefined
      if (getExpiryDelay(session.expirationDateMs) > 0) return watchExpiry(session)
      parameters.onExpired()
    }, getExpiryDelay(session.expirationDateMs))
  }

  const onFocus = () => parameters.onExternalChange()
  const onStorage = (event: Event) => {
    const key = (event as StorageEvent).key
    if (key === sessionKey || key === null) parameters.onExternalChange()
  }
  windowEvents?.addEventListener('focus', onFocus)
  windowEvents?.addEventListener('storage', onStorage)

  return {
    sessionKey,
    expirationTimeMs,
    getSession() {
      try {
        return readSession(storage, sessionKey)
      } catch {
        return undefined
      }
    },
    loadSession: () => readSession(storage, sessionKey),
    setSession(partial) {
      const session = { ...partial, expirationDateMs: Date.now() + expirationTimeMs } as Session
      writeSession(storage, sessionKey, session)
      watchExpiry(session)
      return session
    },
    watchExpiry,
    clearSession() {
      stopTimer()
      storage.removeItem(sessionKey)
      temporaryStorage.removeItem(temporaryKey)
    },
    getTemporarySession() {
      const text = temporaryStorage.getItem(temporaryKey)
      if (!text) return undefined
      try {
        return JSON.parse(text) as TemporarySession
      } catch {
        return undefined
      }
    },
    setTemporarySession(session) {
      temporaryStorage.setItem(temporaryKey, JSON.stringify(session))
    },
    destroy() {
      stopTimer()
      windowEvents?.removeEventListener('focus', onFocus)
      windowEvents?.removeEventListener('storage', onStorage)
    },
  }
}
