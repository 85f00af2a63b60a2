import { randomBytes } from 'node:crypto'
import { closeSync, constants, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import SQLite from 'better-sqlite3'
import { checkSigilDatabase } from './checkSigilDatabase.js'

export type BackupSqliteResult = { bytes: number; migrations: number }

/**
 * Copies the SQLite database `source` to `destination` with SQLite's online backup API, safe while a server
 * writes to `source`: the whole database is copied in one backup step, which reads one committed snapshot
 * (WAL: the server's writer is not blocked; a write landing between steps makes SQLite start the copy
 * again). The copy is written to a 0600 temporary file next to `destination`, switched to a rollback
 * journal (one self-contained file), synced, checked (`checkSigilDatabase`) and only then renamed over
 * `destination`, so a failed or interrupted backup never leaves a partial file under that name.
 *
 * @example
 * await backupSqlite('.sigil/sigil.db', '/backups/sigil.db')
 */
export async function backupSqlite(source: string, destination: string): Promise<BackupSqliteResult> {
  const target = resolve(destination)
  const directory = dirname(target)
  const temporary = join(directory, `.${basename(target)}.${randomBytes(6).toString('hex')}.partial`)
  // Created 0600 before SQLite writes to it: the copy holds the vault's wrapped keys and the users' data.
  closeSync(openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600))
  try {
    const database = new SQLite(source, { fileMustExist: true, timeout: 5000 })
    try {
      await database.backup(temporary, { progress: () => 0x7fffffff })
    } finally {
      database.close()
    }
    const copy = new SQLite(temporary, { fileMustExist: true })
    try {
      copy.pragma('journal_mode = DELETE')
    } finally {
      copy.close()
    }
    syncFile(temporary)
    const { migrations } = checkSigilDatabase(temporary)
    renameSync(temporary, target)
    syncFile(directory)
    return { bytes: statSync(target).size, migrations }
  } catch (error) {
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(temporary + suffix, { force: true })
    throw error
  }
}

/** fsync a file or a directory (a rename is durable once its directory is synced). */
export function syncFile(path: string): void {
  const fd = openSync(path, constants.O_RDONLY)
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}
