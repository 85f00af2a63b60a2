import { chmodSync, statSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { afterEach, describe, expect, test } from 'vitest'
import { createStore, type Store } from './createStore.js'
import { testDatabaseUrl } from './test/storeDialects.js'

const stores: Store[] = []
const dirs: string[] = []
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()))
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'sigil-create-store-'))
  dirs.push(dir)
  return dir
}

async function pragma(store: Store, name: string) {
  const { rows } = await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(store.db)
  return Object.values(rows[0] ?? {})[0]
}

describe('sqlite', () => {
  test('default', async () => {
    const dataDir = join(await tempDir(), 'nested', 'data')
    const store = await createStore({ dataDir })
    stores.push(store)
    expect(store.dialect).toBe('sqlite')
    expect(statSync(dataDir).mode & 0o777).toBe(0o700)
    await sql`create table probe (id integer)`.execute(store.db)
    expect(statSync(join(dataDir, 'sigil.db')).isFile()).toBe(true)
  })

  test('behavior: a new sigil.db and its -wal and -shm files are 0600, whatever the umask', async () => {
    const dataDir = join(await tempDir(), 'data')
    const previous = process.umask(0o022)
    let store: Store
    try {
      store = await createStore({ dataDir })
    } finally {
      process.umask(previous)
    }
    stores.push(store)
    await sql`create table probe (id integer)`.execute(store.db)
    await sql`insert into probe values (1)`.execute(store.db)
    for (const file of ['sigil.db', 'sigil.db-wal', 'sigil.db-shm'])
      expect({ file, mode: statSync(join(dataDir, file)).mode & 0o777 }).toEqual({ file, mode: 0o600 })
  })

  test('behavior: an existing data dir and sigil.db keep their modes; one open to others is warned about', async () => {
    const dataDir = await tempDir()
    chmodSync(dataDir, 0o755)
    writeFileSync(join(dataDir, 'sigil.db'), '')
    chmodSync(join(dataDir, 'sigil.db'), 0o644)
    const warnings: string[] = []
    const store = await createStore({ dataDir, warn: (message) => warnings.push(message) })
    stores.push(store)
    expect(statSync(dataDir).mode & 0o777).toBe(0o755)
    expect(statSync(join(dataDir, 'sigil.db')).mode & 0o777).toBe(0o644)
    expect(warnings).toEqual([expect.stringContaining('chmod 700'), expect.stringContaining('chmod 600')])
  })

  test('behavior: durable pragmas (WAL, synchronous=FULL, busy_timeout, foreign keys)', async () => {
    const store = await createStore({ dataDir: await tempDir() })
    stores.push(store)
    expect(await pragma(store, 'journal_mode')).toBe('wal')
    expect(await pragma(store, 'synchronous')).toBe(2)
    expect(await pragma(store, 'busy_timeout')).toBe(5000)
    expect(await pragma(store, 'foreign_keys')).toBe(1)
  })

  test('behavior: a transaction takes the write lock at BEGIN (BEGIN IMMEDIATE)', async () => {
    const dataDir = await tempDir()
    const store = await createStore({ dataDir })
    stores.push(store)
    await sql`create table probe (id integer)`.execute(store.db)
    const trx = await store.db.startTransaction().execute()
    // Another connection cannot start writing while our transaction, which has not written yet, is open.
    const SQLite = (await import('better-sqlite3')).default
    const other = new SQLite(join(dataDir, 'sigil.db'), { timeout: 0 })
    try {
      expect(() => other.exec('begin immediate')).toThrow(/locked|busy/i)
    } finally {
      other.close()
      await trx.rollback().execute()
    }
  })
})

describe('postgres', () => {
  test('default', async () => {
    const store = await createStore({ databaseUrl: testDatabaseUrl })
    stores.push(store)
    expect(store.dialect).toBe('postgres')
    const { rows } = await sql<{ big: unknown; count: unknown }>`
      select 1767225600123::bigint as big, count(*) as count from (values (1), (2)) as t(x)`.execute(store.db)
    expect(rows).toEqual([{ big: 1767225600123, count: 2 }])
  })

  test('behavior: the bigint parser is set on the store pool only, not on the process-wide pg types', async () => {
    const store = await createStore({ databaseUrl: testDatabaseUrl })
    stores.push(store)
    const client = new pg.Client({ connectionString: testDatabaseUrl })
    await client.connect()
    try {
      const { rows } = await client.query('select 42::bigint as big')
      expect(rows).toEqual([{ big: '42' }])
    } finally {
      await client.end()
    }
  })

  test('error: an unreachable database fails at createStore', async () => {
    await expect(createStore({ databaseUrl: 'postgres://postgres@127.0.0.1:1/test' })).rejects.toThrow()
  })
})
