import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { BackupPostgresError, RestoreTargetExistsError } from '../store/backupErrors.js'
import { backupSqlite, syncFile } from '../store/backupSqlite.js'
import { checkSigilDatabase } from '../store/checkSigilDatabase.js'
import { createStore } from '../store/createStore.js'
import { migrateToLatest } from '../store/migrateToLatest.js'
import { masterKeyNotice } from './backupCommand.js'
import { restoreUsage } from './cliUsage.js'
import { commonOptions, storeLocation } from './parseCliArgs.js'

/**
 * `sigil-server restore --from FILE --data-dir DIR [--force]`: checks that FILE is a sound Sigil database
 * (integrity check, migrations table), copies it to `DIR/sigil.db` (refusing to replace an existing
 * database without `--force`; stop the server on DIR first), then runs the migrations. The master key is
 * not restored: start the server with the key the backed-up server used.
 *
 * @example
 * await restoreCommand(['--from', '/backups/sigil.db', '--data-dir', '/var/lib/sigil'])
 */
export async function restoreCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { ...commonOptions, from: { type: 'string' }, force: { type: 'boolean' } },
    strict: true,
  })
  if (values.help) return void console.log(restoreUsage)
  if (!values.from) throw new Error(`restore needs --from FILE\n\nUsage: ${restoreUsage}`)
  const location = storeLocation(values)
  if (location.databaseUrl)
    throw new BackupPostgresError(
      'restore writes an SQLite store; for PostgreSQL use pg_restore, then sigil-server migrate (docs/deploy.md#backups)',
    )
  const from = resolve(values.from)
  checkSigilDatabase(from)

  const dataDir = resolve(location.dataDir ?? '.sigil')
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const target = join(dataDir, 'sigil.db')
  if (existsSync(target) && !values.force)
    throw new RestoreTargetExistsError(
      `${target} exists; stop the server on ${dataDir} and add --force to replace it`,
    )
  if (from === target) throw new Error('--from must not be the database of --data-dir itself')
  const restoring = `${target}.restoring`
  await backupSqlite(from, restoring)
  // The old database's WAL would be replayed onto the restored file: remove it (and its index) first.
  rmSync(`${target}-wal`, { force: true })
  rmSync(`${target}-shm`, { force: true })
  rmSync(`${target}-journal`, { force: true })
  renameSync(restoring, target)
  syncFile(dataDir)

  const store = await createStore({ dataDir })
  try {
    const ran = await migrateToLatest(store.db)
    console.log(`restored ${from} into ${target} (${ran.length} migrations applied)`)
  } finally {
    await store.close()
  }
  console.log(masterKeyNotice)
  if (!process.env.SIGIL_MASTER_KEY && !existsSync(join(dataDir, 'master.key')))
    console.warn(
      `sigil-server: no SIGIL_MASTER_KEY and no ${join(dataDir, 'master.key')}: set the backed-up` +
        " server's key before starting, or a new key is made and the restored wallets cannot be opened",
    )
}
