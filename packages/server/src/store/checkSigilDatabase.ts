import SQLite from 'better-sqlite3'
import { NotASigilDatabaseError } from './backupErrors.js'

/**
 * Checks that `file` is a sound Sigil SQLite database: it opens as SQLite, `PRAGMA integrity_check` says
 * `ok`, and it has Sigil's migration bookkeeping (`kysely_migration`, at least `0001_initial`). Opens the
 * file read-only; throws `NotASigilDatabaseError` saying what is wrong.
 *
 * @example
 * checkSigilDatabase('/backups/sigil-2026-11-26.db')
 */
export function checkSigilDatabase(file: string): { migrations: number } {
  let database: SQLite.Database
  try {
    database = new SQLite(file, { readonly: true, fileMustExist: true })
  } catch (error) {
    throw new NotASigilDatabaseError(`${file} cannot be opened as an SQLite database`, { cause: error })
  }
  try {
    let integrity: unknown
    try {
      integrity = database.pragma('integrity_check', { simple: true })
    } catch (error) {
      throw new NotASigilDatabaseError(`${file} is not an SQLite database`, { cause: error })
    }
    if (integrity !== 'ok') throw new NotASigilDatabaseError(`${file} fails SQLite's integrity check`)
    const table = database
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get()
    const first = table
      ? database.prepare("select 1 from kysely_migration where name = '0001_initial'").get()
      : undefined
    if (!first) throw new NotASigilDatabaseError(`${file} is an SQLite database but not a Sigil one`)
    const { count } = database.prepare('select count(*) as count from kysely_migration').get() as {
      count: number
    }
    return { migrations: count }
  } finally {
    database.close()
  }
}
