import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { embeddedKeyName } from './embeddedKeyName.js'
import { embeddedKeyStore } from './embeddedKeyStore.js'
import { generateEmbeddedKey } from './generateEmbeddedKey.js'
import { loadEmbeddedKey } from './loadEmbeddedKey.js'

// Node has no IndexedDB: these run on the store's memory fallback, which follows the same rules;
// the IndexedDB path runs in Chromium (`packages/signer/test/browser/frameKeysPerApp.test.ts`).
let warn: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})
afterEach(async () => {
  warn.mockRestore()
  for (const name of ['auth', 'export']) await embeddedKeyStore.delete(name)
})

const appA = embeddedKeyName('auth', { app: 'app_a', origin: 'https://app-a.example.com' })
const appB = embeddedKeyName('auth', { app: 'app_b', origin: 'https://app-b.example.com' })

async function storeLegacyKey(name: string) {
  const key = { ...(await generateEmbeddedKey()), expiresAt: Date.now() + 60_000 }
  await embeddedKeyStore.save(name, key)
  return key
}

test('default: each app and origin gets its own key; resetting one leaves the other', async () => {
  const a = await loadEmbeddedKey(appA)
  const b = await loadEmbeddedKey(appB)
  expect(b.publicKeyHex).not.toBe(a.publicKeyHex)
  await embeddedKeyStore.delete(appB)
  expect((await loadEmbeddedKey(appA)).publicKeyHex).toBe(a.publicKeyHex)
  expect((await loadEmbeddedKey(appB)).publicKeyHex).not.toBe(b.publicKeyHex)
  await embeddedKeyStore.delete(appA)
  await embeddedKeyStore.delete(appB)
})

test('behavior: a legacy key (stored before keys were named) goes to the first app and origin that loads one, and only to it', async () => {
  const legacy = await storeLegacyKey('auth')
  const adopted = await loadEmbeddedKey(appA, { legacyName: 'auth' })
  expect(adopted.publicKeyHex).toBe(legacy.publicKeyHex)
  expect(adopted.expiresAt).toBe(legacy.expiresAt)
  expect(await embeddedKeyStore.load('auth')).toBeUndefined()
  // The next app on the site gets a key of its own, not the legacy one.
  const other = await loadEmbeddedKey(appB, { legacyName: 'auth' })
  expect(other.publicKeyHex).not.toBe(legacy.publicKeyHex)
  expect((await loadEmbeddedKey(appA, { legacyName: 'auth' })).publicKeyHex).toBe(legacy.publicKeyHex)
  await embeddedKeyStore.delete(appA)
  await embeddedKeyStore.delete(appB)
})

test('behavior: a frame that regenerates its key drops the legacy key instead of adopting it', async () => {
  const legacy = await storeLegacyKey('export')
  const name = embeddedKeyName('export', { app: 'app_a', origin: 'https://app-a.example.com' })
  const fresh = await loadEmbeddedKey(name, { regenerate: true, legacyName: 'export' })
  expect(fresh.publicKeyHex).not.toBe(legacy.publicKeyHex)
  expect(await embeddedKeyStore.load('export')).toBeUndefined()
  await embeddedKeyStore.delete(name)
})

test('behavior: a named key already there wins over the legacy one, which stays for its own page', async () => {
  const own = await loadEmbeddedKey(appA)
  const legacy = await storeLegacyKey('auth')
  expect((await loadEmbeddedKey(appA, { legacyName: 'auth' })).publicKeyHex).toBe(own.publicKeyHex)
  expect((await embeddedKeyStore.load('auth'))?.publicKeyHex).toBe(legacy.publicKeyHex)
  await embeddedKeyStore.delete(appA)
})

test('behavior: an expired legacy key is adopted and replaced by a fresh one', async () => {
  await embeddedKeyStore.save('auth', { ...(await generateEmbeddedKey()), expiresAt: Date.now() - 1 })
  const key = await loadEmbeddedKey(appA, { legacyName: 'auth' })
  expect(key.expiresAt).toBeGreaterThan(Date.now())
  expect(await embeddedKeyStore.load('auth')).toBeUndefined()
  expect((await embeddedKeyStore.load(appA))?.publicKeyHex).toBe(key.publicKeyHex)
  await embeddedKeyStore.delete(appA)
})
