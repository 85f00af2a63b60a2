import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterEach, beforeEach, describe } from 'vitest'
import { createStore, type Store, type StoreDialect } from '../createStore.js'
import { migrateToLatest } from '../migrateToLatest.js'

/** Test helpers: run a suite against SQLite (a temp file) and PostgreSQL (a fresh schema) alike. */

/** The PostgreSQL server tests use; override with `SIGIL_TEST_DATABASE_URL`. */
export const testDatabaseUrl =
  process.env.SIGIL_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export const storeDialects = ['sqlite', 'postgres'] as const satisfies readonly StoreDialect[]

export type TestStore = Store & {
  /** What `createStore` needs to open this same database again (e.g. from a child process). */
  location: { dataDir: string; databaseUrl?: undefined } | { databaseUrl: string; dataDir?: undefined }
  /** Opens another, unmigrated connection to the same database; closed by `cleanup`. */
  reopen(): Promise<Store>
  /** Closes every connection and deletes the temp dir or drops the schema. */
  cleanup(): Promise<void>
}

export type CreateTestStoreOptions = {
  /** Run the migrations before returning. Default true. */
  migrate?: boolean
}

/**
 * A store on a throw-away database: SQLite in a new temp dir, or a new PostgreSQL schema
 * `sigil_test_<random>` selected through the pool's `search_path`.
 *
 * @example
 * const store = await createTestStore('postgres')
 * await store.db.insertInto('organizations').values(row).execute()
 * await store.cleanup()
 */
export async function createTestStore(
  dialect: StoreDialect,
  options: CreateTestStoreOptions = {},
): Promise<TestStore> {
  const { migrate = true } = options
  const opened: Store[] = []
  let location: TestStore['location']
  let dispose: () => Promise<void>

  if (dialect === 'sqlite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'sigil-store-'))
    location = { dataDir }
    dispose = () => rm(dataDir, { recursive: true, force: true })
  } else {
    const schema = `sigil_test_${randomBytes(6).toString('hex')}`
    await withAdminClient((client) => client.query(`create schema "${schema}"`))
    const url = new URL(testDatabaseUrl)
    url.searchParams.set('options', `-c search_path=${schema}`)
    location = { databaseUrl: url.toString() }
    dispose = async () => {
      await withAdminClient((client) => client.query(`drop schema if exists "${schema}" cascade`))
    }
  }

  const open = async () => {
    const store = await createStore(location)
    opened.push(store)
    return store
  }
  const store = await open()
  if (migrate) await migrateToLatest(store.db)
  return {
    ...store,
    location,
    reopen: open,
    async cleanup() {
      await Promise.all(opened.map((each) => each.close()))
      await dispose()
    },
  }
}

/**
 * Declares the suite once per dialect, inside `describe('sqlite')` and `describe('postgres')`.
 *
 * @example
 * forEachDialect((dialect) => {
 *   test('default', async () => {
 *     const store = await createTestStore(dialect)
 *     // …
 *     await store.cleanup()
 *   })
 * })
 */
export function forEachDialect(suite: (dialect: StoreDialect) => void): void {
  for (const dialect of storeDialects) describe(dialect, () => suite(dialect))
}

/**
 * A fresh migrated store for every test of the enclosing `describe`, cleaned up after it.
 *
 * @example
 * forEachDialect((dialect) => {
 *   const getStore = useTestStore(dialect)
 *   test('default', async () => {
 *     await getStore().db.selectFrom('users').selectAll().execute()
 *   })
 * })
 */
export function useTestStore(dialect: StoreDialect, options: CreateTestStoreOptions = {}): () => TestStore {
  let store: TestStore | undefined
  beforeEach(async () => {
    store = await createTestStore(dialect, options)
  })
  afterEach(async () => {
    await store?.cleanup()
    store = undefined
  })
  return () => {
    if (!store) throw new Error('useTestStore: the store exists only inside a test')
    return store
  }
}

async function withAdminClient<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}
