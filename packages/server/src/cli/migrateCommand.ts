import { parseArgs } from 'node:util'
import { createStore } from '../store/createStore.js'
import { migrateToLatest } from '../store/migrateToLatest.js'
import { DuplicateCredentialsError } from '../store/migrations/0007_unique_credentials.js'
import { migrateUsage } from './cliUsage.js'
import { commonOptions, storeLocation } from './parseCliArgs.js'

/**
 * `sigil-server migrate`: brings the store's schema up to date (safe while a server runs). When a
 * migration refuses to run because of the data (0007: credentials registered more than once), prints its
 * report to stderr and exits 1; nothing was changed. Warns when migration 0008 left emails for the
 * operator to review (`email_identity_conflicts`).
 *
 * @example
 * await migrateCommand(['--data-dir', '.sigil'])
 */
export async function migrateCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { ...commonOptions }, strict: true })
  if (values.help) return void console.log(migrateUsage)
  const store = await createStore(storeLocation(values))
  try {
    await migrateToLatest(store.db)
    console.log(`store is up to date (${store.dialect})`)
    const conflicts = await store.db
      .selectFrom('email_identity_conflicts')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow()
    if (Number(conflicts.count) > 0)
      console.warn(
        `sigil-server: ${conflicts.count} email(s) were proven by more than one user of an app before` +
          ' migration 0008; the oldest user keeps each. Review the table email_identity_conflicts' +
          ' (docs/security.md).',
      )
  } catch (error) {
    if (!(error instanceof DuplicateCredentialsError)) throw error
    console.error(`sigil-server: ${error.report}`)
    process.exitCode = 1
  } finally {
    await store.close()
  }
}
