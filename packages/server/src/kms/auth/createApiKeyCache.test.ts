import { expect, test } from 'vitest'
import type { ApiKeyChangeChannel, ApiKeyChangeEvent } from './ApiKeyChangeChannel.js'
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

test('behavior: shared without a channel (PostgreSQL, no listener), every read goes to the store', async () => {
  const cache = createApiKeyCache({ shared: true })
  const load = counting([row])
  await cache.read('k', load)
  await cache.read('k', load)
  expect(load.calls).toBe(2)
})

/** A channel driven by the test: `emit` plays another process's notice, `live` is settable. */
function fakeChannel() {
  const listeners = new Set<(event: ApiKeyChangeEvent) => void>()
  const channel = {
    live: true as boolean,
    published: 0,
    publishing: undefined as Promise<void> | undefined,
    log: [] as string[],
    async publish() {
      channel.log.push('publish')
      channel.published++
      await channel.publishing
    },
    subscribe(listener: (event: ApiKeyChangeEvent) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {},
    emit(event: ApiKeyChangeEvent = { lost: false }) {
      for (const listener of listeners) listener(event)
    },
    listeners,
  } satisfies ApiKeyChangeChannel & Record<string, unknown>
  return channel
}

test('behavior: with a live channel, keys are kept until another process announces a change', async () => {
  const channel = fakeChannel()
  const cache = createApiKeyCache({ channel, shared: true })
  const load = counting([row])
  await cache.read('k', load)
  await cache.read('k', load)
  expect(load.calls).toBe(1)
  channel.emit()
  await cache.read('k', load)
  expect(load.calls).toBe(2)
  channel.emit({ lost: true })
  await cache.read('k', load)
  await cache.read('k', load)
  expect(load.calls).toBe(3)
})

test('behavior: while the channel is down every read goes to the store, and nothing older is served after', async () => {
  const channel = fakeChannel()
  const cache = createApiKeyCache({ channel })
  const load = counting([row])
  await cache.read('k', load)
  channel.live = false
  await cache.read('k', load)
  await cache.read('k', load)
  expect(load.calls).toBe(3)
  // Back up without an event (a channel that says nothing on recovery): still nothing from before.
  channel.live = true
  await cache.read('k', load)
  await cache.read('k', load)
  expect(load.calls).toBe(4)
})

test('regression: rows loaded while another process announced a change are not kept', async () => {
  const channel = fakeChannel()
  const cache = createApiKeyCache({ channel })
  let release!: (rows: ApiKeyCredentialRow[]) => void
  const slowRead = cache.read('k', () => new Promise((resolve) => (release = resolve)))
  channel.emit()
  release([row])
  expect(await slowRead).toEqual([row])
  const load = counting([])
  expect(await cache.read('k', load)).toEqual([])
  expect(load.calls).toBe(1)
})

test('regression: rows loaded while the channel went down and up are not kept', async () => {
  const channel = fakeChannel()
  const cache = createApiKeyCache({ channel })
  let release!: (rows: ApiKeyCredentialRow[]) => void
  const slowRead = cache.read('k', () => new Promise((resolve) => (release = resolve)))
  channel.live = false
  channel.emit({ lost: true })
  channel.live = true
  channel.emit({ lost: true })
  release([row])
  await slowRead
  const load = counting([])
  await cache.read('k', load)
  expect(load.calls).toBe(1)
})

test('behavior: a write publishes once it settled, and writing resolves only after the notice went out', async () => {
  const channel = fakeChannel()
  const cache = createApiKeyCache({ channel })
  let sent!: () => void
  channel.publishing = new Promise((resolve) => (sent = resolve))
  let resolved = false
  const writing = cache
    .writing(async () => {
      channel.log.push('write')
      return 'done'
    })
    .then((value) => {
      resolved = true
      return value
    })
  await new Promise((resolve) => setTimeout(resolve, 10))
  expect(channel.log).toEqual(['write', 'publish'])
  expect(resolved).toBe(false)
  sent()
  expect(await writing).toBe('done')
})

test('error: a failed write still publishes (it may have committed) and rejects with its own error', async () => {
  const channel = fakeChannel()
  channel.publish = async () => {
    channel.published++
    throw new Error('notice not sent')
  }
  const cache = createApiKeyCache({ channel })
  await expect(
    cache.writing(async () => {
      throw new Error('unique violation')
    }),
  ).rejects.toThrow('unique violation')
  expect(channel.published).toBe(1)
})

test('error: a committed write whose notice cannot be sent rejects', async () => {
  const channel = fakeChannel()
  channel.publish = async () => {
    throw new Error('notice not sent')
  }
  const cache = createApiKeyCache({ channel })
  await expect(cache.writing(async () => 'committed')).rejects.toThrow('notice not sent')
})

test('behavior: close stops listening to the channel', () => {
  const channel = fakeChannel()
  const cache = createApiKeyCache({ channel })
  expect(channel.listeners.size).toBe(1)
  cache.close()
  expect(channel.listeners.size).toBe(0)
})

test('behavior: rows are read again once older than maxAgeMs (a change no one announced)', async () => {
  let clock = 0
  const cache = createApiKeyCache({ maxAgeMs: 1000, now: () => clock })
  const load = counting([row])
  await cache.read('k', load)
  clock = 999
  await cache.read('k', load)
  expect(load.calls).toBe(1)
  clock = 1000
  await cache.read('k', load)
  expect(load.calls).toBe(2)
  clock = 1500
  await cache.read('k', load)
  expect(load.calls).toBe(2)
})
