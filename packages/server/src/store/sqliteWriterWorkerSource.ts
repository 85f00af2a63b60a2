/**
 * The SQLite writer thread (see `startSqliteWriter`), as CommonJS source for `new Worker(source, { eval: true })`.
 *
 * It is plain JavaScript in a string on purpose: a worker file would have to be TypeScript run from source
 * (tests, `npm start`), which worker threads cannot load without a loader, and a serialized function would
 * carry whatever helpers the TypeScript transform injected. Keep it small and dependency-free.
 *
 * Protocol: the main thread posts `{ id, commands }`; the worker runs the commands in order on its own
 * connection and posts `{ id, replies }`, one reply per command. Commands:
 * - `{ kind: 'exec', sql, parameters }`: one statement. If it fails, the rest of the message is skipped.
 * - `{ kind: 'begin' }`: `BEGIN IMMEDIATE` (takes the write lock up front, waits up to 5 s for it).
 * - `{ kind: 'item', statements }`: statements under a savepoint (one statement: its own statement
 *   rollback); a failing item is rolled back alone and reports its error, the transaction goes on.
 * - `{ kind: 'finish' }`: commits when an item of this transaction succeeded, else rolls back.
 * A reply is `{ ok: true, result }` or `{ ok: false, error: { name, message, code } }`.
 */
export const sqliteWriterWorkerSource = `
'use strict'
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.betterSqlite3Path)

const db = new Database(workerData.filename, { timeout: 5000 })
db.pragma('busy_timeout = 5000')
db.pragma('journal_mode = WAL')
db.pragma('synchronous = FULL')
// Checkpoint the WAL every 10,000 pages (about 40 MB) instead of SQLite's 1,000: a group commit of signing
// activities dirties a page of the fingerprint index per row, and checkpointing less often writes each hot
// page back once for many commits (the bench: writer thread 37-40 -> 32-33 µs per request). Durability is
// the WAL's, unchanged; a restart after a crash replays at most that much WAL.
db.pragma('wal_autocheckpoint = 10000')
db.pragma('foreign_keys = ON')

// BEGIN IMMEDIATE waits for the write lock itself, in short steps: SQLite's own busy handler sleeps 1, 2, 5,
// 10, 15, 20, 25 … 100 ms between tries, so with another process writing to the file (\`start --workers\`)
// a commit waited tens of milliseconds for a lock that was free again after one fsync. Every other statement
// keeps \`busy_timeout\`.
const begin = db.prepare('begin immediate')
const sleeper = new Int32Array(new SharedArrayBuffer(4))
const lockWaitMs = 5000
function beginImmediate() {
  db.pragma('busy_timeout = 0')
  try {
    const deadline = Date.now() + lockWaitMs
    for (let attempt = 0; ; attempt++) {
      try {
        begin.run()
        return
      } catch (error) {
        if (!error || !String(error.code).startsWith('SQLITE_BUSY') || Date.now() >= deadline) throw error
        Atomics.wait(sleeper, 0, 0, attempt < 20 ? 0.1 : 1)
      }
    }
  } finally {
    db.pragma('busy_timeout = ' + lockWaitMs)
  }
}

const savepoint = db.prepare('savepoint write_item')
const release = db.prepare('release write_item')
const rollbackToSavepoint = db.prepare('rollback to write_item')

const statements = new Map()
function prepare(sql) {
  let statement = statements.get(sql)
  if (statement) statements.delete(sql)
  else {
    statement = db.prepare(sql)
    if (statements.size >= 256) statements.delete(statements.keys().next().value)
  }
  statements.set(sql, statement)
  return statement
}

function run(sql, parameters) {
  const statement = prepare(sql)
  if (statement.reader) return { rows: statement.all(parameters) }
  const { changes, lastInsertRowid } = statement.run(parameters)
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) }
}

function describe(error) {
  return {
    name: (error && error.name) || 'Error',
    message: String((error && error.message) || error),
    code: error && error.code,
  }
}

let succeeded = 0

function runCommand(command) {
  switch (command.kind) {
    case 'exec':
      return run(command.sql, command.parameters || [])
    case 'begin':
      beginImmediate()
      succeeded = 0
      return undefined
    case 'item': {
      // One statement needs no savepoint: a failing statement undoes only its own changes (SQLite's
      // statement journal) and the transaction goes on, unless the failure ended the transaction itself
      // (a full disk, an I/O error), which must fail the whole batch as a broken savepoint would.
      if (command.statements.length === 1) {
        const [each] = command.statements
        try {
          const results = [run(each.sql, each.parameters)]
          succeeded++
          return { ok: true, results }
        } catch (error) {
          if (!db.inTransaction) throw error
          return { ok: false, error: describe(error) }
        }
      }
      savepoint.run()
      try {
        const results = command.statements.map((each) => run(each.sql, each.parameters))
        release.run()
        succeeded++
        return { ok: true, results }
      } catch (error) {
        rollbackToSavepoint.run()
        release.run()
        return { ok: false, error: describe(error) }
      }
    }
    case 'finish': {
      if (!db.inTransaction) return { committed: false }
      if (succeeded === 0) {
        db.exec('rollback')
        return { committed: false }
      }
      try {
        db.exec('commit')
      } catch (error) {
        if (db.inTransaction) db.exec('rollback')
        throw error
      }
      return { committed: true }
    }
    default:
      throw new Error('unknown writer command: ' + command.kind)
  }
}

parentPort.on('message', (message) => {
  if (message.kind === 'close') {
    if (db.inTransaction) db.exec('rollback')
    db.close()
    parentPort.postMessage({ id: message.id, replies: [] })
    parentPort.close()
    return
  }
  const replies = []
  let skipping = false
  for (const command of message.commands) {
    if (skipping) {
      replies.push({ ok: false, error: { name: 'Error', message: 'skipped: an earlier command failed' } })
      continue
    }
    try {
      replies.push({ ok: true, result: runCommand(command) })
    } catch (error) {
      replies.push({ ok: false, error: describe(error) })
      skipping = true
    }
  }
  // A batch that broke before its 'finish' must not leave its transaction holding the write lock.
  if (skipping && db.inTransaction && message.commands.some((command) => command.kind === 'finish'))
    db.exec('rollback')
  parentPort.postMessage({ id: message.id, replies })
})
`
