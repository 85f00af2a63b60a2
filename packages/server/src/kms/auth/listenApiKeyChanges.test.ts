import { randomBytes } from 'node:crypto'
import { connect as connectTcp, createServer, type Socket } from 'node:net'
import pg from 'pg'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createStore } from '../../store/createStore.js'
import { migrateToLatest } from '../../store/migrateToLatest.js'
import { createTestStore, type TestStore, testDatabaseUrl } from '../../store/test/storeDialects.js'
import type { ApiKeyChangeEvent } from './ApiKeyChangeChannel.js'
import { listenApiKeyChanges, type PostgresApiKeyChangeChannel } from './listenApiKeyChanges.js'

/*
 * The PostgreSQL channel between instances, on a real server: two "instances" are two pools on one
 * migrated schema, each with its own channel. Notices come from the trigger of migration 0011, so a change
 * of `api_keys` is made with plain SQL here.
 */

let store: TestStore
let channels: PostgresApiKeyChangeChannel[] = []
beforeEach(async () => {
  store = await createTestStore('postgres')
})
afterEach(async () => {
  await Promise.all(channels.map((channel) => channel.close()))
  channels = []
  await store.cleanup()
})

const listen = async (pool: pg.Pool, options: { heartbeatMs?: number } = {}) => {
  const channel = await listenApiKeyChanges({ pool, reconnectDelayMs: 50, ...options })
  channels.push(channel)
  const events: ApiKeyChangeEvent[] = []
  channel.subscribe((event) => events.push(event))
  return { channel, events }
}

const until = async (condition: () => boolean, timeoutMs = 5000) => {
  const started = Date.now()
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return Date.now() - started
}

const secondPool = async () => (await store.reopen()).pool!

/** A statement on `api_keys` through `pool` (it changes no row: a statement-level trigger fires all the same). */
const changeApiKeys = (pool: pg.Pool) => pool.query("delete from api_keys where id = 'none'")

test('default: a committed change of api_keys reaches every instance within milliseconds, the writer too', async () => {
  const one = await listen(store.pool!)
  const two = await listen(await secondPool())
  expect(one.channel.live).toBe(true)
  expect(one.channel.channelName).toMatch(/^sigil_api_keys_sigil_test_[0-9a-f]{12}$/)
  expect(two.channel.channelName).toBe(one.channel.channelName)

  await changeApiKeys(store.pool!)
  const took = await until(() => two.events.length === 1 && one.events.length === 1)
  expect(took).toBeLessThan(500)
  expect(two.events).toEqual([{ lost: false }])
  expect(one.events).toEqual([{ lost: false }])
  // publish has nothing to send: the transaction announced itself.
  await one.channel.publish()
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(two.events).toEqual([{ lost: false }])
})

test('behavior: a rolled-back change is not announced; statements of one transaction are announced once, at commit', async () => {
  const two = await listen(await secondPool())
  const client = await store.pool!.connect()
  try {
    await client.query('begin')
    await client.query("delete from api_keys where id = 'none'")
    await client.query('rollback')
    await client.query('begin')
    await client.query("delete from api_keys where id = 'none'")
    await client.query("delete from api_keys where id = 'none'")
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(two.events).toEqual([])
    await client.query('commit')
  } finally {
    client.release()
  }
  await until(() => two.events.length === 1)
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(two.events).toEqual([{ lost: false }])
})

test('behavior: a schema name too long for the channel is hashed alike by the trigger and the listener', async () => {
  const schema = `sigil_test_${'long_'.repeat(8)}${randomBytes(4).toString('hex')}`
  expect(Buffer.byteLength(`sigil_api_keys_${schema}`)).toBeGreaterThan(63)
  const admin = new pg.Client({ connectionString: testDatabaseUrl })
  await admin.connect()
  await admin.query(`create schema "${schema}"`)
  const url = new URL(testDatabaseUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  const long = await createStore({ databaseUrl: url.toString() })
  try {
    await migrateToLatest(long.db)
    const one = await listen(long.pool!)
    expect(one.channel.channelName).toMatch(/^sigil_api_keys_[0-9a-f]{40}$/)
    await changeApiKeys(long.pool!)
    await until(() => one.events.length === 1)
  } finally {
    await Promise.all(channels.map((channel) => channel.close()))
    channels = []
    await long.close()
    await admin.query(`drop schema "${schema}" cascade`)
    await admin.end()
  }
})

test('behavior: instances on another schema of the same database hear nothing', async () => {
  const other = await createTestStore('postgres')
  try {
    const one = await listen(store.pool!)
    const stranger = await listen(other.pool!)
    expect(stranger.channel.channelName).not.toBe(one.channel.channelName)
    await changeApiKeys(other.pool!)
    await until(() => stranger.events.length === 1)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(one.events).toEqual([])
  } finally {
    await Promise.all(channels.map((channel) => channel.close()))
    await other.cleanup()
  }
})

/** Ends, from another connection, every backend listening on `channelName` (named after it). */
async function terminateListeners(channelName: string) {
  const admin = new pg.Client({ connectionString: testDatabaseUrl })
  await admin.connect()
  try {
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [channelName],
    )
    return rowCount
  } finally {
    await admin.end()
  }
}

test('behavior: a killed listening connection turns the channel not live, reports lost, reconnects, and notices flow again', async () => {
  const two = await listen(await secondPool(), { heartbeatMs: 60_000 })
  const liveAtEvents: boolean[] = []
  two.channel.subscribe(() => liveAtEvents.push(two.channel.live))
  expect(await terminateListeners(two.channel.channelName)).toBe(1)
  await until(() => two.events.length >= 1)
  expect(two.events[0]).toEqual({ lost: true })
  expect(liveAtEvents[0]).toBe(false)
  await until(() => two.events.length >= 2)
  // Listening again: `lost` once more (notices sent meanwhile were missed), told once live.
  expect(two.events).toEqual([{ lost: true }, { lost: true }])
  expect(liveAtEvents).toEqual([false, true])
  expect(two.channel.live).toBe(true)

  await changeApiKeys(store.pool!)
  await until(() => two.events.length === 3)
  expect(two.events[2]).toEqual({ lost: false })
})

test('behavior: the listening connection is named after its channel in pg_stat_activity, after heartbeats too', async () => {
  const two = await listen(await secondPool(), { heartbeatMs: 50 })
  // Its last query is now the heartbeat's, not the LISTEN: an operator finds it by its name.
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect(await terminateListeners(two.channel.channelName)).toBe(1)
  await until(() => two.events.length >= 2)
  expect(two.events).toEqual([{ lost: true }, { lost: true }])
})

test('behavior: it recovers from one lost connection after another', async () => {
  const two = await listen(await secondPool(), { heartbeatMs: 60_000 })
  // Kill it three times in a row, each time as soon as it is back.
  for (let round = 1; round <= 3; round++) {
    await until(() => two.channel.live)
    await until(() => two.events.length === 2 * (round - 1))
    expect(await terminateListeners(two.channel.channelName)).toBe(1)
    await until(() => !two.channel.live)
  }
  await until(() => two.channel.live && two.events.length === 6)
})

/**
 * A TCP relay to PostgreSQL that can go silent: bytes are dropped both ways, no connection is closed (a
 * network partition, as the client sees one).
 */
async function startSilenceableRelay(databaseUrl: string) {
  const target = new URL(databaseUrl)
  let silent = false
  const sockets = new Set<Socket>()
  const server = createServer((client) => {
    const upstream = connectTcp(Number(target.port || 5432), target.hostname)
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from)
      from.on('data', (chunk) => {
        if (!silent) to.write(chunk)
      })
      from.on('error', () => {})
      from.on('close', () => {
        sockets.delete(from)
        to.destroy()
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as { port: number }
  const url = new URL(databaseUrl)
  url.host = `127.0.0.1:${address.port}`
  return {
    url: url.toString(),
    silence: (value: boolean) => {
      silent = value
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

test('behavior: a listening connection that goes silent is caught by the heartbeat within two beats', async () => {
  const relay = await startSilenceableRelay(store.location.databaseUrl!)
  const pool = new pg.Pool({ connectionString: relay.url })
  pool.on('error', () => {})
  try {
    const two = await listen(pool, { heartbeatMs: 200 })
    relay.silence(true)
    const silencedAt = Date.now()
    await until(() => !two.channel.live)
    expect(Date.now() - silencedAt).toBeLessThan(2 * 200 + 150)
    expect(two.events).toEqual([{ lost: true }])
    // No answer while silent: reconnecting fails (each attempt times out) until the network is back.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(two.channel.live).toBe(false)
    relay.silence(false)
    await until(() => two.channel.live)
    expect(two.events).toEqual([{ lost: true }, { lost: true }])
    await changeApiKeys(store.pool!)
    await until(() => two.events.length === 3)
  } finally {
    await Promise.all(channels.map((channel) => channel.close()))
    channels = []
    await relay.close()
    await pool.end()
  }
})

test('behavior: after close nothing is heard and the channel is not live', async () => {
  const two = await listen(await secondPool())
  await two.channel.close()
  expect(two.channel.live).toBe(false)
  await changeApiKeys(store.pool!)
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(two.events).toEqual([])
})

test('error: the first connection failing rejects', async () => {
  const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:9/test' })
  try {
    await expect(listenApiKeyChanges({ pool })).rejects.toThrow()
  } finally {
    await pool.end()
  }
})
