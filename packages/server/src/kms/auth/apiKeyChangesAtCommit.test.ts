import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createTestStore, type TestStore } from '../../store/test/storeDialects.js'
import { type ApiKeyCache, type ApiKeyCredentialRow, createApiKeyCache } from './createApiKeyCache.js'
import { listenApiKeyChanges, type PostgresApiKeyChangeChannel } from './listenApiKeyChanges.js'

/*
 * On PostgreSQL a committed change of `api_keys` is announced by its own transaction (the trigger of
 * migration 0011), so a warm cache of another instance forgets a key however it was deleted: by hand in
 * psql, or by a process killed between its commit and anything it would have sent afterwards. Without the
 * trigger both keys stay served from memory for the 30 s of `maxAgeMs`.
 */

const serverRoot = fileURLToPath(new URL('../../..', import.meta.url))
const revocationBoundMs = 1000

let store: TestStore
let channel: PostgresApiKeyChangeChannel
let cache: ApiKeyCache
beforeEach(async () => {
  store = await createTestStore('postgres')
  await store.db
    .insertInto('organizations')
    .values({
      id: 'o1',
      name: 'o',
      parent_id: null,
      root_quorum_threshold: 1,
      root_user_ids: '["u1"]',
      created_at: 1,
      updated_at: 1,
    })
    .execute()
  await store.db
    .insertInto('users')
    .values({
      id: 'u1',
      organization_id: 'o1',
      name: 'u',
      email: null,
      phone_number: null,
      oauth_providers: '[]',
      created_at: 1,
      updated_at: 1,
    } as never)
    .execute()
  await store.db
    .insertInto('api_keys')
    .values({
      id: 'k1',
      organization_id: 'o1',
      user_id: 'u1',
      name: 'k',
      public_key: '02aa',
      curve_type: 'API_KEY_CURVE_P256',
      credential_type: 'CREDENTIAL_TYPE_API_KEY_P256',
      expiration_seconds: null,
      expires_at: null,
      created_at: 1,
      updated_at: 1,
    })
    .execute()
  // The other instance, started once the key exists: a pool of its own, its channel and its cache.
  const other = await store.reopen()
  channel = await listenApiKeyChanges({ pool: other.pool! })
  cache = createApiKeyCache({ channel })
})
afterEach(async () => {
  cache.close()
  await channel.close()
  await store.cleanup()
})

/** The other instance's lookup of `02aa`, counting its reads of the store. */
const load = Object.assign(
  async (): Promise<ApiKeyCredentialRow[]> => {
    load.calls++
    return store.db
      .selectFrom('api_keys')
      .select(['id', 'organization_id', 'user_id', 'credential_type', 'expires_at', 'curve_type'])
      .where('public_key', '=', '02aa')
      .execute()
  },
  { calls: 0 },
)

/** Warms the cache: the key is then served from memory, the store no longer read. */
async function warm() {
  load.calls = 0
  expect(await cache.read('02aa', load)).toHaveLength(1)
  expect(await cache.read('02aa', load)).toHaveLength(1)
  expect(load.calls).toBe(1)
}

/** How long until the other instance's cache answers no row for the key. */
async function forgottenWithin() {
  const started = Date.now()
  while ((await cache.read('02aa', load)).length > 0) {
    if (Date.now() - started > 3000) throw new Error('the deleted key is still served after 3 s')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return Date.now() - started
}

test('error: a key deleted by hand with plain SQL is forgotten by a warm cache within a second', async () => {
  await warm()
  const psql = new pg.Client({ connectionString: store.location.databaseUrl })
  await psql.connect()
  try {
    expect((await psql.query("delete from api_keys where id = 'k1'")).rowCount).toBe(1)
  } finally {
    await psql.end()
  }
  expect(await forgottenWithin()).toBeLessThan(revocationBoundMs)
})

test('error: a deletion whose process is killed right after its commit still reaches the other instance', async () => {
  await warm()
  // Commits through the store's write path (no cache, no publish), then dies before it could say anything.
  const script = `
    import { createStore } from './src/store/createStore.ts'
    import { createWriteBatcher } from './src/store/createWriteBatcher.ts'
    const store = await createStore({ databaseUrl: process.env.DATABASE_URL })
    await createWriteBatcher(store).run((trx) => trx.deleteFrom('api_keys').where('id', '=', 'k1').execute())
    process.kill(process.pid, 'SIGKILL')
  `
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: serverRoot,
      env: { ...process.env, DATABASE_URL: store.location.databaseUrl },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  let errors = ''
  child.stderr.on('data', (chunk) => {
    errors += chunk
  })
  const signal = await new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)))
  expect(signal, errors).toBe('SIGKILL')
  expect(await store.db.selectFrom('api_keys').select('id').execute()).toEqual([])
  expect(await forgottenWithin()).toBeLessThan(revocationBoundMs)
})
