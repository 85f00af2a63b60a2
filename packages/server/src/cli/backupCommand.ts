import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { BackupPostgresError, NotASigilDatabaseError } from '../store/backupErrors.js'
import { backupSqlite } from '../store/backupSqlite.js'
import { backupUsage } from './cliUsage.js'
import { commonOptions, storeLocation } from './parseCliArgs.js'

/** What `backup` and `restore` print about the master key (docs/deploy.md#backups). */
export const masterKeyNotice =
  'the master key is NOT part of the backup: keep SIGIL_MASTER_KEY (or master.key) in a separate secret' +
  ' store, never next to the database backups; a restored database opens only with the same key' +
  ' (docs/deploy.md#backups)'

/**
 * `sigil-server backup --out FILE`: a consistent copy of the SQLite store, taken with SQLite's online backup
 * API while the server runs (see `backupSqlite`). Replaces FILE atomically when it exists. PostgreSQL is
 * refused (pg_dump, docs/deploy.md#backups).
 *
 * @example
 * await backupCommand(['--out', '/backups/sigil.db', '--data-dir', '.sigil'])
 */
export async function backupCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { ...commonOptions, out: { type: 'string' } }, strict: true })
  if (values.help) return void console.log(backupUsage)
  if (!values.out) throw new Error(`backup needs --out FILE\n\nUsage: ${backupUsage}`)
  const location = storeLocation(values)
  if (location.databaseUrl)
    throw new BackupPostgresError(
      'backup copies the SQLite store; for PostgreSQL use pg_dump or base backups (docs/deploy.md#backups)',
    )
  const source = join(resolve(location.dataDir ?? '.sigil'), 'sigil.db')
  if (!existsSync(source)) throw new NotASigilDatabaseError(`no database at ${source}`)
  const out = resolve(values.out)
  if (out === source) throw new Error('--out must not be the database itself')
  const { bytes, migrations } = await backupSqlite(source, out)
  console.log(`backup of ${source} written to ${out} (${bytes} bytes, ${migrations} migrations)`)
  console.log(masterKeyNotice)
}
