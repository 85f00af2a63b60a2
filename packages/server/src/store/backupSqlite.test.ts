import { readdirSync, statSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { NotASigilDatabaseError } from './backupErrors.js'
import { backupSqlite } from './backupSqlite.js'
import { createStore } from './createStore.js'
import { migrateToLatest } from './migrateToLatest.js'

let dir: string
let source: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sigil-backup-sqlite-'))
  const store = await createStore({ dataDir: join(dir, 'data') })
  await migrateToLatest(store.db)
  await store.close()
  source = join(dir, 'data', 'sigil.db')
  const database = new SQLite(source)
  database.exec('create table pairs (n integer not null)')
  database.close()
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

test('default: the copy is one 0600 file in rollback-journal mode, with every committed row', async () => {
  const writer = new SQLite(source)
  writer.pragma('journal_mode = WAL')
  const insert = writer.prepare('insert into pairs (n) values (?)')
  for (let n = 0; n < 50; n++) insert.run(n)
  const out = join(dir, 'backup.db')
  // The rows sit in the WAL while `writer` stays open: a copy of the main file alone would miss them.
  const result = await backupSqlite(source, out)
  writer.close()
  expect(result.migrations).toBeGreaterThan(0)
  expect(statSync(out).mode & 0o777).toBe(0o600)
  const copy = new SQLite(out, { readonly: true })
  try {
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete')
    expect(copy.prepare('select count(*) as count from pairs').get()).toEqual({ count: 50 })
  } finally {
    copy.close()
  }
  expect(readdirSync(dir).sort()).toEqual(['backup.db', 'data'])
})

test('behavior: a copy taken while another connection keeps committing is one committed snapshot', async () => {
  const writer = new SQLite(source)
  const insertPair = writer.transaction((n: number) => {
    writer.prepare('insert into pairs (n) values (?)').run(n)
    writer.prepare('insert into pairs (n) values (?)').run(n)
  })
  for (let n = 0; n < 100; n++) insertPair(n)
  // A transaction of two rows between every turn of the event loop while the backup runs.
  let n = 100
  let writing = true
  const write = () => {
    if (!writing) return
    insertPair(n++)
    setImmediate(write)
  }
  setImmediate(write)
  const out = join(dir, 'backup.db')
  await backupSqlite(source, out)
  writing = false
  writer.close()
  expect(n).toBeGreaterThan(100)
  const copy = new SQLite(out, { readonly: true })
  try {
    const { count, pairs } = copy
      .prepare('select count(*) as count, count(distinct n) as pairs from pairs')
      .get() as { count: number; pairs: number }
    expect(count).toBe(pairs * 2)
    expect(pairs).toBeGreaterThanOrEqual(100)
  } finally {
    copy.close()
  }
})

test('error: a file that is not a Sigil database is refused and nothing is left behind', async () => {
  const plain = join(dir, 'plain.db')
  const database = new SQLite(plain)
  database.exec('create table notes (text text)')
  database.close()
  await expect(backupSqlite(plain, join(dir, 'out.db'))).rejects.toThrow(NotASigilDatabaseError)
  const text = join(dir, 'notes.txt')
  writeFileSync(text, 'not a database\n'.repeat(100))
  await expect(backupSqlite(text, join(dir, 'out.db'))).rejects.toThrow()
  expect(readdirSync(dir).sort()).toEqual(['data', 'notes.txt', 'plain.db'])
})
