import { CompiledQuery, sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { createWriteBatcher, type WriteBatchReport } from './createWriteBatcher.js'
import { WriteBatcherClosedError } from './errors.js'
import { isUniqueViolation } from './isUniqueViolation.js'
import { startSqliteWriter } from './startSqliteWriter.js'
import { useTestStore } from './test/storeDialects.js'
import { activityRow, organizationRow } from './test/storeRows.js'

/** The group-commit batcher on a SQLite writer thread: the same promises as on the event loop's connection. */
describe('createWriteBatcher with startSqliteWriter', () => {
  const getStore = useTestStore('sqlite')

  const start = async (onBatch?: (batch: WriteBatchReport) => void) => {
    const store = getStore()
    const writer = await startSqliteWriter({ filename: store.filename! })
    return { store, writer, batcher: createWriteBatcher(store, { writer, onBatch }) }
  }
  const insertOrganization = (store: ReturnType<typeof getStore>, id: string) =>
    store.db.insertInto('organizations').values(organizationRow({ id })).compile()

  test('default: run() commits on the writer thread; the main connection sees the row once it resolves', async () => {
    const { store, batcher } = await start()
    const id = await batcher.run(async (trx) => {
      await trx
        .insertInto('organizations')
        .values(organizationRow({ id: 'org-1' }))
        .execute()
      const [row] = await trx.selectFrom('organizations').select('id').execute()
      return row?.id
    })
    expect(id).toBe('org-1')
    expect(await store.db.selectFrom('organizations').select('id').execute()).toEqual([{ id: 'org-1' }])
    await batcher.close()
  })

  test('behavior: 500 concurrent statement items commit in two messages (maxBatch 256), each with its result', async () => {
    const batches: WriteBatchReport[] = []
    const { store, batcher } = await start((batch) => batches.push(batch))
    const results = await Promise.all(
      Array.from({ length: 500 }, (_, index) =>
        batcher.runStatements([insertOrganization(store, `org-${index}`)]),
      ),
    )
    expect(results.every(([result]) => result?.numAffectedRows === 1n)).toBe(true)
    expect(batches.map((batch) => [batch.size, batch.committed])).toEqual([
      [256, true],
      [244, true],
    ])
    const { count } = await store.db
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    expect(count).toBe(500)
    await batcher.close()
  })

  test('error: a repeated activity fingerprint rejects that statement item only, as a unique violation', async () => {
    const { store, batcher } = await start()
    const submit = (id: string, fingerprint: string) =>
      batcher.runStatements([
        store.db.insertInto('activities').values(activityRow({ id, fingerprint })).compile(),
      ])
    const [first, replay, other] = await Promise.allSettled([
      submit('a-1', 'sha256:aa'),
      submit('a-2', 'sha256:aa'),
      submit('a-3', 'sha256:bb'),
    ])
    expect(first.status).toBe('fulfilled')
    expect(other.status).toBe('fulfilled')
    expect(replay.status === 'rejected' && isUniqueViolation(replay.reason)).toBe(true)
    const ids = await store.db.selectFrom('activities').select('id').orderBy('id').execute()
    expect(ids.map((row) => row.id)).toEqual(['a-1', 'a-3'])
    await batcher.close()
  })

  test('error: an item of two statements whose second fails undoes its first; its batch-mates commit', async () => {
    const { store, batcher } = await start()
    const [alone, pair, after] = await Promise.allSettled([
      batcher.runStatements([insertOrganization(store, 'a')]),
      batcher.runStatements([insertOrganization(store, 'b'), insertOrganization(store, 'a')]),
      batcher.runStatements([insertOrganization(store, 'c')]),
    ])
    expect([alone.status, pair.status, after.status]).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(pair.status === 'rejected' && isUniqueViolation(pair.reason)).toBe(true)
    const ids = await store.db.selectFrom('organizations').select('id').orderBy('id').execute()
    expect(ids.map((row) => row.id)).toEqual(['a', 'c'])
    await batcher.close()
  })

  test('behavior: a batch whose every item fails is rolled back and the writer goes on', async () => {
    const batches: WriteBatchReport[] = []
    const { store, batcher } = await start((batch) => batches.push(batch))
    await batcher.runStatements([insertOrganization(store, 'a')])
    const failed = await Promise.allSettled([
      batcher.runStatements([insertOrganization(store, 'a')]),
      batcher.runStatements([CompiledQuery.raw('insert into no_such_table values (1)')]),
    ])
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected'])
    expect(batches.at(-1)).toEqual(expect.objectContaining({ size: 2, failed: 2, committed: false }))
    await batcher.runStatements([insertOrganization(store, 'b')])
    const ids = await store.db.selectFrom('organizations').select('id').orderBy('id').execute()
    expect(ids.map((row) => row.id)).toEqual(['a', 'b'])
    await batcher.close()
  })

  test('behavior: run() and statement items in one batch share its transaction', async () => {
    const batches: WriteBatchReport[] = []
    const { store, batcher } = await start((batch) => batches.push(batch))
    const results = await Promise.allSettled([
      batcher.runStatements([insertOrganization(store, 'a')]),
      batcher.run(async (trx) => {
        await trx
          .insertInto('organizations')
          .values(organizationRow({ id: 'b' }))
          .execute()
        throw new Error('no thanks')
      }),
      batcher.run((trx) =>
        trx
          .insertInto('organizations')
          .values(organizationRow({ id: 'c' }))
          .execute(),
      ),
      batcher.runStatements([insertOrganization(store, 'c')]),
    ])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected'])
    expect(isUniqueViolation((results[3] as PromiseRejectedResult).reason)).toBe(true)
    expect(batches).toEqual([expect.objectContaining({ size: 4, failed: 2, committed: true })])
    const ids = await store.db.selectFrom('organizations').select('id').orderBy('id').execute()
    expect(ids.map((row) => row.id)).toEqual(['a', 'c'])
    await batcher.close()
  })

  test('error: when the commit fails, every item of the batch rejects and nothing is written', async () => {
    const batches: WriteBatchReport[] = []
    const { store, batcher } = await start((batch) => batches.push(batch))
    await sql`create table deferred_probe (
      organization_id text references organizations (id) deferrable initially deferred)`.execute(store.db)
    const results = await Promise.allSettled([
      batcher.runStatements([insertOrganization(store, 'a')]),
      batcher.runStatements([CompiledQuery.raw(`insert into deferred_probe values ('missing')`)]),
    ])
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected'])
    expect(batches).toEqual([expect.objectContaining({ size: 2, failed: 2, committed: false })])
    expect(await store.db.selectFrom('organizations').select('id').execute()).toEqual([])
    await batcher.runStatements([insertOrganization(store, 'b')])
    expect(await store.db.selectFrom('organizations').select('id').execute()).toEqual([{ id: 'b' }])
    await batcher.close()
  })

  test('behavior: close waits for queued writes, closes the thread, then refuses new ones', async () => {
    const { store, writer, batcher } = await start()
    const pending = batcher.runStatements([insertOrganization(store, 'a')])
    await batcher.close()
    await expect(pending).resolves.toBeDefined()
    await expect(batcher.runStatements([insertOrganization(store, 'b')])).rejects.toThrow(
      WriteBatcherClosedError,
    )
    await expect(writer.execute([])).rejects.toThrow()
    expect(await store.db.selectFrom('organizations').select('id').execute()).toEqual([{ id: 'a' }])
  })

  test('behavior: the writer connection is WAL, synchronous=FULL, and checkpoints every 10,000 pages', async () => {
    const { writer, batcher } = await start()
    const pragma = async (name: string) => {
      const [reply] = await writer.execute([{ kind: 'exec', sql: `pragma ${name}`, parameters: [] }])
      return (reply as { result: { rows: Record<string, unknown>[] } }).result.rows[0]
    }
    expect(await pragma('journal_mode')).toEqual({ journal_mode: 'wal' })
    expect(await pragma('synchronous')).toEqual({ synchronous: 2 })
    expect(await pragma('wal_autocheckpoint')).toEqual({ wal_autocheckpoint: 10_000 })
    await batcher.close()
  })

  test("behavior: a second writer on the file (another worker's) waits for the write lock, then commits", async () => {
    const { store, writer } = await start()
    const other = await startSqliteWriter({ filename: store.filename! })
    // The first writer holds the lock: its transaction stays open between messages.
    expect(await writer.execute([{ kind: 'begin' }])).toEqual([{ ok: true, result: undefined }])
    const { sql, parameters } = insertOrganization(store, 'second')
    const waiting = other.execute([
      { kind: 'begin' },
      { kind: 'item', statements: [{ sql, parameters }] },
      { kind: 'finish' },
    ])
    await new Promise((resolve) => setTimeout(resolve, 300))
    const first = insertOrganization(store, 'first')
    await writer.execute([
      { kind: 'item', statements: [{ sql: first.sql, parameters: first.parameters }] },
      { kind: 'finish' },
    ])
    const replies = await waiting
    expect(replies.map((reply) => reply.ok)).toEqual([true, true, true])
    expect(replies[2]).toEqual({ ok: true, result: { committed: true } })
    const ids = await store.db.selectFrom('organizations').select('id').orderBy('id').execute()
    expect(ids.map((row) => row.id)).toEqual(['first', 'second'])
    // The wait changed the lock timeout for BEGIN only: the connection's busy_timeout is back to 5 s.
    const [timeout] = await other.execute([{ kind: 'exec', sql: 'pragma busy_timeout', parameters: [] }])
    expect(timeout).toEqual({ ok: true, result: { rows: [{ timeout: 5000 }] } })
    await Promise.all([writer.close(), other.close()])
  })

  test('error: a file that cannot be opened fails at start', async () => {
    await expect(startSqliteWriter({ filename: '/nonexistent-dir/sigil.db' })).rejects.toThrow()
  })
})
