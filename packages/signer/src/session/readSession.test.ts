import { expect, test } from 'vitest'
import { createMemoryStorage } from './createMemoryStorage.js'
import { readSession } from './readSession.js'

const key = 'alchemy-signer-session'
const session = {
  type: 'otp',
  bundle: 'bundle',
  expirationDateMs: 1_900_000,
  user: { address: '0x01', orgId: 'org', userId: 'user' },
}

const storing = (text: string) => {
  const storage = createMemoryStorage()
  storage.setItem(key, text)
  return storage
}

test('default: the session in the zustand-persist envelope', () => {
  expect(readSession(storing(JSON.stringify({ state: { session }, version: 0 })), key)).toEqual(session)
})

test('behavior: nothing stored, or a signed-out envelope, is no session', () => {
  expect(readSession(createMemoryStorage(), key)).toBeUndefined()
  expect(readSession(storing('{"state":{"session":null},"version":0}'), key)).toBeUndefined()
  expect(readSession(storing('{"state":{},"version":0}'), key)).toBeUndefined()
})

test('error: a stored value that is not a session', () => {
  for (const text of [
    '{"state":{"session":garbage',
    'null',
    '"text"',
    '{"version":0}',
    '{"state":{"session":"text"},"version":0}',
    JSON.stringify({ state: { session: { ...session, user: undefined } }, version: 0 }),
    JSON.stringify({ state: { session: { ...session, expirationDateMs: 'soon' } }, version: 0 }),
  ])
    expect(() => readSession(storing(text), key), text).toThrow('The stored session cannot be read')
})
