import { DefaultQueryExecutor, sql } from 'kysely'
import { describe, expect, test, vi } from 'vitest'
import { createWriteBatcher, type WriteBatchReport } from './createWriteBatcher.js'
import { WriteBatcherClosedError } from './errors.js'
import { isUniqueViolation } from './isUniqueViolation.js'
import { forEachDialect, useTestStore } from './test/storeDialects.js'
import { activityRow, organizationRow } from './test/storeRows.js'

forEachDialect((dialect) => {
  describe('createWriteBatcher', () => {
    const getStore = useTestStore(dialect)

    test('default', async () => {
      const store = getStore()
      const batcher = createWriteBatcher(store)
      const id = await batcher.run(async (trx) => {
        await trx.insertInto('organizations').values(organizationRow()).execute()
        return 'org-1'
      })
      // Resolved means committed: another connection sees the row at once.
      const other = await store.reopen()
      expect(await other.db.selectFrom('organizations').select('id').execute()).toEqual([{ id }])
      await batcher.close()
    })

    test('behavior: 500 concurrent writes share a few transactions, and all commit', async () => {
      const store = getStore()
      const startTransaction = vi.spyOn(store.db, 'startTransaction')
      const batches: WriteBatchReport[] = []
      const batcher = createWriteBatcher(store, { onBatch: (batch) => batches.push(batch) })
      const ids = await Promise.all(
        Array.from({ length: 500 }, (_, index) =>
          batcher.run(async (trx) => {
            await trx
              .insertInto('organizations')
              .values(organizationRow({ id: `org-${index}` }))
              .execute()
            return index
          }),
        ),
      )
      expect(ids).toEqual(Array.from({ length: 500 }, (_, index) => index))
      // 500 writes in one tick with maxBatch 256: two transactions.
      expect(startTransaction).toHaveBeenCalledTimes(2)
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

    test('behavior: writes that arrive while a batch commits go into the next batch together', async () => {
      const store = getStore()
      const batches: WriteBatchReport[] = []
      const batcher = createWriteBatcher(store, { onBatch: (batch) => batches.push(batch) })
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      let started = () => {}
      const isRunning = new Promise<void>((resolve) => {
        started = resolve
      })
      const first = batcher.run(async (trx) => {
        started()
        await held
        await trx
          .insertInto('organizations')
          .values(organizationRow({ id: 'first' }))
          .execute()
      })
      await isRunning
      const later = Array.from({ length: 10 }, (_, index) =>
        batcher.run((trx) =>
          trx
            .insertInto('organizations')
            .values(organizationRow({ id: `later-${index}` }))
            .execute(),
        ),
      )
      release()
      await Promise.all([first, ...later])
      expect(batches.map((batch) => batch.size)).toEqual([1, 10])
      await batcher.close()
    })

    test('behavior: a failing item is rolled back alone; its batch-mates commit', async () => {
      const store = getStore()
      const startTransaction = vi.spyOn(store.db, 'startTransaction')
      const batcher = createWriteBatcher(store)
      const insert = (id: string) =>
        batcher.run(async (trx) => {
          await trx.insertInto('organizations').values(organizationRow({ id })).execute()
          return id
        })
      const results = await Promise.allSettled([
        insert('a'),
        batcher.run(async (trx) => {
          await trx
            .insertInto('organizations')
            .values(organizationRow({ id: 'doomed' }))
            .execute()
          throw new Error('no thanks')
        }),
        insert('b'),
        insert('a'), // duplicate primary key of the first item
        insert('c'),
      ])
      expect(startTransaction).toHaveBeenCalledTimes(1)
      expect(results.map((result) => result.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'rejected',
        'fulfilled',
      ])
      expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('no thanks'))
      expect(isUniqueViolation((results[3] as PromiseRejectedResult).reason)).toBe(true)
      const ids = await store.db.selectFrom('organizations').select('id').orderBy('id').execute()
      expect(ids.map((row) => row.id)).toEqual(['a', 'b', 'c'])
      await batcher.close()
    })

    test('error: a repeated activity fingerprint rejects that item only (activity dedupe)', async () => {
      const store = getStore()
      const batcher = createWriteBatcher(store)
      const submit = (id: string, fingerprint: string) =>
        batcher.run((trx) => trx.insertInto('activities').values(activityRow({ id, fingerprint })).execute())
      const [first, replay, other] = await Promise.allSettled([
        submit('a-1', 'sha256:aa'),
        submit('a-2', 'sha256:aa'),
        submit('a-3', 'sha256:bb'),
      ])
      expect(first.status).toBe('fulfilled')
      expect(other.status).toBe('fulfilled')
      expect(replay.status === 'rejected' && isUniqueViolation(replay.reason)).toBe(true)
      await batcher.close()
    })

    test('behavior: a batch of the same single-row INSERT goes as one multi-row INSERT, no transaction; every row commits', async () => {
      const store = getStore()
      const startTransaction = vi.spyOn(store.db, 'startTransaction')
      const batcher = createWriteBatcher(store)
      const executed = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery')
      try {
        const ids = ['m-1', 'm-2', 'm-3', 'm-4']
        const results = await Promise.all(
          ids.map((id) =>
            batcher.runStatements([
              store.db
                .insertInto('activities')
                .values(activityRow({ id, fingerprint: id }))
                .compile(),
            ]),
          ),
        )
        expect(results.map(([result]) => result?.numAffectedRows)).toEqual([1n, 1n, 1n, 1n])
        const inserts = executed.mock.calls.filter(([query]) => query.sql.startsWith('insert into'))
        expect(inserts).toHaveLength(1)
        expect(inserts[0]![0].parameters).toHaveLength(ids.length * 11)
        // One statement is atomic on its own: no BEGIN, SAVEPOINT, RELEASE or COMMIT round trips.
        expect(startTransaction).not.toHaveBeenCalled()
        expect(executed.mock.calls.map(([query]) => query.sql.split(' ')[0])).toEqual(['insert'])
      } finally {
        executed.mockRestore()
      }
      const rows = await store.db.selectFrom('activities').select('id').orderBy('id').execute()
      expect(rows.map((row) => row.id)).toEqual(['m-1', 'm-2', 'm-3', 'm-4'])
      await batcher.close()
    })

    test('behavior: a batch of one statement runs it alone, no transaction; its failure is its own', async () => {
      const store = getStore()
      const startTransaction = vi.spyOn(store.db, 'startTransaction')
      const batches: WriteBatchReport[] = []
      const batcher = createWriteBatcher(store, { onBatch: (batch) => batches.push(batch) })
      const insert = () =>
        batcher.runStatements([
          store.db
            .insertInto('organizations')
            .values(organizationRow({ id: 'one' }))
            .compile(),
        ])
      expect((await insert()).map((result) => result.numAffectedRows)).toEqual([1n])
      const repeated = await insert().catch((error: unknown) => error)
      expect(isUniqueViolation(repeated)).toBe(true)
      expect(startTransaction).not.toHaveBeenCalled()
      expect(batches.map(({ size, failed, committed }) => ({ size, failed, committed }))).toEqual([
        { size: 1, failed: 0, committed: true },
        { size: 1, failed: 1, committed: false },
      ])
      expect(await store.db.selectFrom('organizations').select('id').execute()).toEqual([{ id: 'one' }])
      await batcher.close()
    })

    test('error: a repeated fingerprint in such a batch fails that row only; the others commit', async () => {
      const store = getStore()
      const startTransaction = vi.spyOn(store.db, 'startTransaction')
      const batcher = createWriteBatcher(store)
      const insert = (id: string, fingerprint: string) =>
        batcher.runStatements([
          store.db.insertInto('activities').values(activityRow({ id, fingerprint })).compile(),
        ])
      const [first, replay, other] = await Promise.allSettled([
        insert('r-1', 'sha256:aa'),
        insert('r-2', 'sha256:aa'),
        insert('r-3', 'sha256:bb'),
      ])
      expect([first.status, other.status]).toEqual(['fulfilled', 'fulfilled'])
      expect(replay.status === 'rejected' && isUniqueViolation(replay.reason)).toBe(true)
      const rows = await store.db.selectFrom('activities').select('id').orderBy('id').execute()
      expect(rows.map((row) => row.id)).toEqual(['r-1', 'r-3'])
      // The combined INSERT failed whole; the rows then went one by one in a transaction.
      expect(startTransaction).toHaveBeenCalledTimes(1)
      await batcher.close()
    })

    test(`behavior: an item that swallows a failed statement ${
      dialect === 'postgres' ? 'fails (PostgreSQL aborted its statements)' : 'keeps its other writes (SQLite)'
    }`, async () => {
      const store = getStore()
      const batcher = createWriteBatcher(store)
      await batcher.run((trx) =>
        trx
          .insertInto('organizations')
          .values(organizationRow({ id: 'a' }))
          .execute(),
      )
      const [swallowing, mate] = await Promise.allSettled([
        batcher.run(async (trx) => {
          await trx
            .insertInto('organizations')
            .values(organizationRow({ id: 'b' }))
            .execute()
          await trx
            .insertInto('organizations')
            .values(organizationRow({ id: 'a' }))
            .execute()
            .catch(() => {})
          return 'swallowed'
        }),
        batcher.run((trx) =>
          trx
            .insertInto('organizations')
            .values(organizationRow({ id: 'c' }))
            .execute(),
        ),
      ])
      expect(mate.status).toBe('fulfilled')
      const ids = (await store.db.selectFrom('organizations').select('id').orderBy('id').execute()).map(
        (row) => row.id,
      )
      if (dialect === 'postgres') {
        expect(swallowing.status).toBe('rejected')
        expect(ids).toEqual(['a', 'c'])
      } else {
        expect(swallowing).toEqual({ status: 'fulfilled', value: 'swallowed' })
        expect(ids).toEqual(['a', 'b', 'c'])
      }
      await batcher.close()
    })

    test('error: when the commit fails, every item of the batch rejects and nothing is written', async () => {
      const store = getStore()
      // A deferred foreign key is checked at COMMIT, after every item has succeeded.
      await sql`create table deferred_probe (
        organization_id text references organizations (id) deferrable initially deferred)`.execute(store.db)
      const batches: WriteBatchReport[] = []
      const batcher = createWriteBatcher(store, { onBatch: (batch) => batches.push(batch) })
      const results = await Promise.allSettled([
        batcher.run((trx) =>
          trx
            .insertInto('organizations')
            .values(organizationRow({ id: 'a' }))
            .execute(),
        ),
        batcher.run((trx) => sql`insert into deferred_probe values ('missing')`.execute(trx)),
        batcher.run((trx) =>
          trx
            .insertInto('organizations')
            .values(organizationRow({ id: 'b' }))
            .execute(),
        ),
      ])
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected'])
      expect(batches).toEqual([expect.objectContaining({ size: 3, failed: 3, committed: false })])
      expect(await store.db.selectFrom('organizations').select('id').execute()).toEqual([])
      // The connection is usable again.
      await batcher.run((trx) =>
        trx
          .insertInto('organizations')
          .values(organizationRow({ id: 'c' }))
          .execute(),
      )
      expect(await store.db.selectFrom('organizations').select('id').execute()).toEqual([{ id: 'c' }])
      await batcher.close()
    })

    test('behavior: close waits for queued writes, then refuses new ones', async () => {
      const store = getStore()
      const batcher = createWriteBatcher(store)
      const pending = batcher.run((trx) =>
        trx
          .insertInto('organizations')
          .values(organizationRow({ id: 'a' }))
          .execute(),
      )
      await batcher.close()
      await expect(pending).resolves.toBeDefined()
      await expect(
        batcher.run((trx) =>
          trx
            .insertInto('organizations')
            .values(organizationRow({ id: 'b' }))
            .execute(),
        ),
      ).rejects.toThrow(WriteBatcherClosedError)
      expect(await store.db.selectFrom('organizations').select('id').execute()).toEqual([{ id: 'a' }])
    })

    test('error: maxBatch below 1', () => {
      expect(() => createWriteBatcher(getStore(), { maxBatch: 0 })).toThrow(
        'maxBatch must be a positive integer',
      )
    })
  })
})
