import { expect, test, vi } from 'vitest'
import { embeddedKeyStore, memoryFallbackWarning } from './embeddedKeyStore.js'
import { generateEmbeddedKey } from './generateEmbeddedKey.js'

// Node has no IndexedDB, like a cross-site frame whose browser blocks third-party storage
// (Chromium: "The user denied permission to access the database."); the Chromium suite
// `crossSiteFrame.test.ts` covers the browser itself.
test('behavior: without IndexedDB the keys live in memory, non-extractable, with one warning', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  try {
    const key = { ...(await generateEmbeddedKey()), expiresAt: Date.now() + 60_000 }
    await embeddedKeyStore.save('auth', key)
    const loaded = await embeddedKeyStore.load('auth')
    expect(loaded?.publicKeyHex).toBe(key.publicKeyHex)
    expect(loaded?.keyPair.privateKey.extractable).toBe(false)
    expect(await embeddedKeyStore.load('export')).toBeUndefined()
    await embeddedKeyStore.delete('auth')
    expect(await embeddedKeyStore.load('auth')).toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toBe(memoryFallbackWarning)
  } finally {
    warn.mockRestore()
  }
})
