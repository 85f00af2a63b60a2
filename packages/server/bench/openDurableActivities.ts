import { fsync, openSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import type { Selectable } from 'kysely'
import type { ActivityTable } from '../src/store/schema.js'

/** A row of the server's `activities` table, as the floor writes it. */
export type ActivityRow = Selectable<ActivityTable>

/**
 * The floor's durable insert (see `floorServer.ts`): the `activities` table of `dataDir/sigil.db` (made by
 * `createFloorStore`) on this process's own connection, one transaction per turn of the event loop committed
 * with `synchronous = NORMAL`, then the WAL file fsynced on the libuv pool before the turn's rows resolve.
 * Several processes may open the same file (a `node:cluster` floor): SQLite's lock serialises their commits.
 *
 * @example
 * const persist = openDurableActivities(dataDir)
 * await persist(row) // durable now
 */
export function openDurableActivities(dataDir: string): (row: ActivityRow) => Promise<void> {
  const database = new Database(join(dataDir, 'sigil.db'))
  database.pragma('journal_mode = WAL')
  // FLOOR_SYNCHRONOUS=FULL (diagnostic): SQLite fsyncs the WAL inside each commit, holding the write lock, as
  // the server's writer thread does; then the pool's fsync below finds nothing left to write.
  database.pragma(`synchronous = ${process.env.FLOOR_SYNCHRONOUS === 'FULL' ? 'FULL' : 'NORMAL'}`)
  database.pragma('wal_autocheckpoint = 10000')
  // Prepared at the first row, with its own keys as the columns (named parameters: `@id`, …).
  let insert: Database.Statement | undefined
  const begin = database.prepare('begin immediate')
  const commit = database.prepare('commit')
  // The WAL file exists once the connection has read in WAL mode; this descriptor fsyncs its inode.
  database.prepare('select count(*) from activities').get()
  const wal = openSync(join(dataDir, 'sigil.db-wal'), 'r')

  let queued: { row: ActivityRow; resolve: () => void; reject: (error: unknown) => void }[] = []
  const commitTurn = () => {
    const items = queued
    queued = []
    try {
      begin.run()
      for (const { row } of items) {
        const columns = Object.keys(row)
        insert ??= database.prepare(
          `insert into activities (${columns.join(', ')}) values (${columns.map((column) => `@${column}`).join(', ')})`,
        )
        insert.run(row)
      }
      commit.run()
    } catch (error) {
      if (database.inTransaction) database.exec('rollback')
      for (const item of items) item.reject(error)
      return
    }
    fsync(wal, (error) => {
      for (const item of items) error ? item.reject(error) : item.resolve()
    })
  }
  return (row) =>
    new Promise<void>((resolve, reject) => {
      if (queued.length === 0) setImmediate(commitTurn)
      queued.push({ row, resolve, reject })
    })
}
