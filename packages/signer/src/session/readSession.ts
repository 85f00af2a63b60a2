import { SignerError } from '../errors/SignerError.js'
import type { Session } from './Session.js'

/**
 * The session stored under `sessionKey`, in the zustand-persist envelope
 * `{"state":{"session":…},"version":0}` that Account Kit apps already have in their storage.
 * Returns `undefined` when nothing is stored, or the envelope holds no session (`"session":null`,
 * as a signed-out Account Kit app leaves it). Throws `SignerError('The stored session cannot be
 * read')` for anything else that is not a session (not JSON, no user, no expiry).
 *
 * @example
 * readSession(localStorage, 'alchemy-signer-session')
 */
export function readSession(storage: Storage, sessionKey: string): Session | undefined {
  const text = storage.getItem(sessionKey)
  if (text === null) return undefined
  let envelope: { state?: { session?: Session | null } } | null
  try {
    envelope = JSON.parse(text)
  } catch (cause) {
    throw new SignerError('The stored session cannot be read', { details: 'not JSON', cause })
  }
  if (!envelope || typeof envelope !== 'object' || !envelope.state || typeof envelope.state !== 'object')
    throw new SignerError('The stored session cannot be read', { details: 'not a persisted session' })
  const session = envelope.state.session
  if (session === null || session === undefined) return undefined
  if (
    typeof session !== 'object' ||
    typeof session.type !== 'string' ||
    typeof session.expirationDateMs !== 'number' ||
    !session.user ||
    typeof session.user !== 'object'
  )
    throw new SignerError('The stored session cannot be read', { details: 'not a session' })
  return session
}
