import {
  type CompiledQuery,
  type ControlledTransaction,
  Kysely,
  type QueryResult,
  type Transaction,
} from 'kysely'
import { combineInserts } from './combineInserts.js'
import { createSqliteWriterDialect } from './createSqliteWriterDialect.js'
import type { Store } from './createStore.js'
import { WriteBatcherClosedError } from './errors.js'
import type { Database } from './schema.js'
import type { SqliteWriter } from './startSqliteWriter.js'

export type CreateWriteBatcherParameters = {
  /** Most work items in one transaction; the rest wait for the next one. Default 256. */
  maxBatch?: number | undefined
  /** Called after each transaction, e.g. for metrics. */
  onBatch?: ((batch: WriteBatchReport) => void) | undefined
  /**
   * SQLite: the writer thread (`startSqliteWriter`) that runs the transactions instead of `store.db`, so
   * commits do not block the event loop. The batcher closes it on `close()`.
   */
  writer?: SqliteWriter | undefined
}

export type WriteBatchReport = {
  /** Work items in the transaction. */
  size: number
  /** Items that threw and were rolled back to their savepoint. */
  failed: number
  /** Whether the transaction committed. */
  committed: boolean
  durationMs: number
}

export type WriteBatcher = {
  /**
   * Runs `work` inside a shared transaction and resolves with its result once that transaction has
   * committed. `work` must use only `trx` (on SQLite, `store.db` waits for the transaction: deadlock) and
   * should do only database work: everything else in the batch waits for it.
   */
  run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>
  /**
   * Runs compiled statements, in order, as one item (the cheap kind: with a writer thread, a batch of
   * such items is one message), and resolves with their results once the transaction has committed.
   */
  runStatements(statements: readonly CompiledQuery[]): Promise<QueryResult<unknown>[]>
  /** Refuses new work, then waits until everything queued has committed or failed. */
  close(): Promise<void>
  /** How many writes wait for the next batch (the batch committing not counted): a metrics gauge. */
  queued(): number
}

type QueuedWrite = {
  work: (trx: Transaction<Database>) => Promise<unknown>
  /** Set for `runStatements` items: `work` runs exactly these. */
  statements?: readonly CompiledQuery[] | undefined
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

/**
 * Group commit: writes queued in the same turn of the event loop, or while a transaction is committing,
 * run together in ONE transaction, so a burst of writes costs one fsync instead of one each. Each item runs
 * under its own savepoint: an item that throws (a unique-constraint violation, say) is rolled back and
 * rejects with its own error while its batch-mates commit. Every promise settles only after the commit, so
 * a resolved write is durable; if the commit fails, every item of the batch rejects.
 *
 * @example
 * const batcher = createWriteBatcher(store)
 * const activity = await batcher.run(async (trx) => {
 *   await trx.insertInto('activities').values(row).execute()
 *   return row
 * })
 * await batcher.close()
 */
export function createWriteBatcher(
  store: Store,
  parameters: CreateWriteBatcherParameters = {},
): WriteBatcher {
  const { maxBatch = 256, onBatch, writer } = parameters
  const db = writer ? new Kysely<Database>({ dialect: createSqliteWriterDialect(writer) }) : store.db
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError('maxBatch must be a positive integer')

  const queue: QueuedWrite[] = []
  let immediate: NodeJS.Immediate | undefined
  let draining: Promise<void> | undefined
  let closed = false

  function startDraining(): void {
    immediate = undefined
    if (draining || queue.length === 0) return
    draining = drain()
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) await commitBatch(queue.splice(0, maxBatch))
    // Runs in the same synchronous step as the last `queue.length` check: nothing can slip in between.
    draining = undefined
  }

  async function commitBatch(batch: QueuedWrite[]): Promise<void> {
    const started = performance.now()
    const report = (failed: number, committed: boolean) =>
      onBatch?.({ size: batch.length, failed, committed, durationMs: performance.now() - started })

    if (writer && batch.every((item) => item.statements)) return commitStatementBatch(writer, batch, report)
    // Without a writer thread (PostgreSQL): one statement for the whole batch needs no transaction.
    const alone = writer ? undefined : await runAsOneStatement(db, batch)
    if (alone?.settled) return report(alone.failed, alone.failed === 0)

    let trx: ControlledTransaction<Database>
    try {
      trx = await db.startTransaction().execute()
    } catch (error) {
      for (const item of batch) item.reject(error)
      report(batch.length, false)
      return
    }

    let outcomes: Outcome[] = []
    let broken: unknown
    try {
      const together = alone?.combinedFailed ? undefined : await runAsOneInsert(trx, batch)
      if (together) outcomes = together
      else for (const item of batch) outcomes.push(await runItem(trx, item))
    } catch (error) {
      // A savepoint command failed: the transaction itself is unusable.
      broken = error
    }

    const failed = outcomes.filter((outcome) => !outcome.ok).length
    const succeeded = outcomes.length - failed
    let commitError: unknown = broken
    if (broken === undefined && succeeded > 0) {
      try {
        await trx.commit().execute()
      } catch (error) {
        commitError = error
      }
    }
    if (broken !== undefined || succeeded === 0 || commitError !== undefined) {
      await trx
        .rollback()
        .execute()
        .catch(() => {})
    }

    batch.forEach((item, index) => {
      const outcome = outcomes[index]
      if (outcome && !outcome.ok) item.reject(outcome.error)
      else if (commitError !== undefined) item.reject(commitError)
      else if (outcome) item.resolve(outcome.value)
    })
    report(commitError === undefined ? failed : batch.length, commitError === undefined && succeeded > 0)
  }

  function enqueue<T>(item: Omit<QueuedWrite, 'resolve' | 'reject'>): Promise<T> {
    if (closed) return Promise.reject(new WriteBatcherClosedError())
    return new Promise<T>((resolve, reject) => {
      queue.push({ ...item, resolve: resolve as (value: unknown) => void, reject })
      // While a batch commits, new work waits for the next one; otherwise gather this turn's writes.
      if (!draining && !immediate) immediate = setImmediate(startDraining)
    })
  }

  return {
    queued: () => queue.length,
    run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return enqueue<T>({ work: work as QueuedWrite['work'] })
    },
    runStatements(statements) {
      return enqueue({
        statements,
        async work(trx) {
          const results: QueryResult<unknown>[] = []
          for (const statement of statements) results.push(await trx.executeQuery(statement))
          return results
        },
      })
    },
    async close() {
      closed = true
      if (immediate) clearImmediate(immediate)
      startDraining()
      while (draining) await draining
      await writer?.close()
    },
  }
}

/**
 * A batch of statement-only items on the writer thread: BEGIN, every item under its savepoint, and
 * COMMIT (or ROLLBACK when every item failed) in one message each way.
 */
async function commitStatementBatch(
  writer: SqliteWriter,
  batch: QueuedWrite[],
  report: (failed: number, committed: boolean) => void,
): Promise<void> {
  let replies: Awaited<ReturnType<SqliteWriter['execute']>>
  try {
    replies = await writer.execute([
      { kind: 'begin' },
      ...batch.map((item) => ({
        kind: 'item' as const,
        statements: item.statements!.map(({ sql, parameters }) => ({ sql, parameters })),
      })),
      { kind: 'finish' },
    ])
  } catch (error) {
    for (const item of batch) item.reject(error)
    report(batch.length, false)
    return
  }
  const begin = replies[0]
  const finish = replies.at(-1)
  // A failed BEGIN skips everything after it; a failed COMMIT was rolled back by the writer.
  const commitError = !begin?.ok ? begin?.error : !finish?.ok ? finish?.error : undefined
  let failed = 0
  batch.forEach((item, index) => {
    const reply = replies[index + 1]
    const outcome = reply?.ok
      ? (reply.result as { ok: true; results: QueryResult<unknown>[] } | { ok: false; error: unknown })
      : undefined
    if (outcome && !outcome.ok) {
      failed++
      item.reject(Object.assign(new Error(String((outcome.error as Error).message)), outcome.error))
    } else if (commitError !== undefined || !outcome)
      item.reject(commitError ?? (reply as { error: unknown }).error)
    else item.resolve(outcome.results)
  })
  const committed =
    commitError === undefined && (finish as { result?: { committed?: boolean } }).result?.committed === true
  report(commitError === undefined ? failed : batch.length, committed)
}

/**
 * A batch that is one statement, or items that are each the same single-row INSERT (the signing activities'
 * rows), run as that one statement on its own, outside any transaction: a statement is atomic and, with
 * autocommit, durable when it returns, so the batch costs one round trip to PostgreSQL instead of five
 * (`BEGIN`, `SAVEPOINT`, the statement, `RELEASE`, `COMMIT`), which is what a group commit waits for before
 * the next one starts. `settled`: every item has its outcome. The combined INSERT failing (a repeated body's
 * unique fingerprint, say) changed nothing: `combinedFailed`, and the caller runs the items one by one in a
 * transaction so that only the failing one fails. The combined statement is a plain `insert … values` (no
 * `on conflict`), so it inserts every row or fails.
 */
async function runAsOneStatement(
  db: Kysely<Database>,
  batch: QueuedWrite[],
): Promise<{ settled: true; failed: number } | { settled: false; combinedFailed: boolean } | undefined> {
  if (!batch.every((item) => item.statements?.length === 1)) return undefined
  if (batch.length === 1) {
    const [item] = batch as [QueuedWrite]
    try {
      item.resolve([await db.executeQuery(item.statements![0]!)])
      return { settled: true, failed: 0 }
    } catch (error) {
      item.reject(error)
      return { settled: true, failed: 1 }
    }
  }
  const together = combineInserts(batch.map((item) => item.statements![0]!))
  if (!together) return undefined
  try {
    await db.executeQuery(together)
  } catch {
    return { settled: false, combinedFailed: true }
  }
  for (const item of batch) item.resolve([{ rows: [], numAffectedRows: 1n }])
  return { settled: true, failed: 0 }
}

/**
 * A batch of items that are each the same single-row INSERT (the signing activities' rows) as ONE
 * multi-row INSERT under a savepoint: on PostgreSQL that is one round trip instead of three per item
 * (savepoint, insert, release). Undefined when the batch is not of that kind, or when the statement fails
 * (a repeated body's unique key, say): it is then rolled back and the caller runs the items one by one,
 * each under its own savepoint, so only the failing one fails.
 */
async function runAsOneInsert(
  trx: ControlledTransaction<Database>,
  batch: QueuedWrite[],
): Promise<Outcome[] | undefined> {
  if (!batch.every((item) => item.statements?.length === 1)) return undefined
  const together = combineInserts(batch.map((item) => item.statements![0]!))
  if (!together) return undefined
  const savepoint = await trx.savepoint('write_batch').execute()
  try {
    const result = await savepoint.executeQuery(together)
    if (result.numAffectedRows !== BigInt(batch.length)) throw new Error('not every row was inserted')
    await savepoint.releaseSavepoint('write_batch').execute()
  } catch {
    await savepoint.rollbackToSavepoint('write_batch').execute()
    await savepoint.releaseSavepoint('write_batch').execute()
    return undefined
  }
  return batch.map(() => ({ ok: true, value: [{ rows: [], numAffectedRows: 1n }] }))
}

/** Runs one item under a savepoint. Throws only when the savepoint itself cannot be set or undone. */
async function runItem(trx: ControlledTransaction<Database>, item: QueuedWrite): Promise<Outcome> {
  const savepoint = await trx.savepoint('write_item').execute()
  let outcome: Outcome
  try {
    outcome = { ok: true, value: await item.work(savepoint) }
    await savepoint.releaseSavepoint('write_item').execute()
    return outcome
  } catch (error) {
    // `error` is the item's own failure, or the release failing (PostgreSQL refuses it after the item
    // swallowed a failed statement): either way undo the item and report it as failed.
    await savepoint.rollbackToSavepoint('write_item').execute()
    await savepoint.releaseSavepoint('write_item').execute()
    return { ok: false, error }
  }
}
