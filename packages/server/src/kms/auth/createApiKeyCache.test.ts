import { expect, test } from 'vitest'
import { type ApiKeyCredentialRow, createApiKeyCache } from './createApiKeyCache.js'

const row: ApiKeyCredentialRow = {
  id: 'key-1',
  organization_id: 'org-1',
  user_id: 'user-1',
  credential_type: 'CREDENTIAL_TYPE_API_KEY_P256',
  expires_at: null,
  curve_type: 'API_KEY_CURVE_P256',
}

const counting = (rows: ApiKeyCredentialRow[]) => {
  const load = async () => {
    load.calls++
    return rows
  }
  load.calls = 0
  return load
}

test('default: a key read once is answered from memory', async () => {
  const cache = createApiKeyCache()
  const load = counting([row])
  expect(await cache.read('k', load)).toEqual([row])
  expect(await cache.read('k', load)).toEqual([row])
  expect(load.calls).toBe(1)
})

test('behavior: an unknown key is not kept (a key another process creates is found at its first use)', async () => {
  const cache = createApiKeyCache()
  const load = counting([])
  await cache.read('k', load)
  await cache.read('k', load)
  expect(load.calls).toBe(2)
})

test('behavior: a write of API keys empties the cache once it settles, committed or not', async () => {
  const cache = createApiKeyCache()
  const load = counting([row])
  await cache.read('k', load)
  await cache.writing(async () => {})
  await cache.read('k', load)
  expect(load.calls).toBe(2)
  await expect(
    cache.writing(async () => {
      throw new Error('rolled back')
    }),
  ).rejects.toThrow('rolled back')
  await cache.read('k', load)
  expect(load.calls).toBe(3)
})

test('behavior: while a write runs, reads go to the store and are not kept', async () => {
  const cache = createApiKeyCache()
  const load = counting([row])
  await cache.read('k', load)
  let finish!: () => void
  const writing = cache.writing(() => new Promise<void>((resolve) => (finish = resolve)))
  await cache.read('k', load)
  await cache.read('k', load)
  expect(load.calls).toBe(3)
  finish()
  await writing
  await cache.read('k', load)
  await cache.read('k', load)
  expect(load.calls).toBe(4)
})

test('regression: rows loaded before a write committed are not kept after it (they may hold a deleted key)', async () => {
  const cache = createApiKeyCache()
  let release!: (rows: ApiKeyCredentialRow[]) => void
  const slowRead = cache.read('k', () => new Promise((resolve) => (release = resolve)))
  // The delete starts and commits while the read is on its way back with the old rows.
  await cache.writing(async () => {})
  release([row])
  expect(await slowRead).toEqual([row])
  const load = counting([])
  expect(await cache.read('k', load)).toEqual([])
  expect(load.calls).toBe(1)
})

test('behavior: disabled (PostgreSQL), every read goes to the store', async () => {
  const cache = createApiKeyCache({ enabled: false })
  const load = counting([row])
  await cache.read('k', load)
  await cache.read('k', load)
  expect(load.calls).toBe(2)
})
