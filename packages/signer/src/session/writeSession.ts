import type { Session } from './Session.js'

/**
 * Stores a session under `sessionKey` in the zustand-persist envelope. Only `address`, `orgId`,
 * `userId` and `email` of the user are kept (docs/protocol.md#sessions).
 *
 * @example
 * writeSession(localStorage, 'alchemy-signer-session', { type: 'otp', bundle, user, expirationDateMs })
 */
export function writeSession(storage: Storage, sessionKey: string, session: Session): void {
  const { address, orgId, userId, email } = session.user
  const stored = { ...session, user: { address, orgId, userId, email } }
  storage.setItem(sessionKey, JSON.stringify({ state: { session: stored }, version: 0 }))
}
