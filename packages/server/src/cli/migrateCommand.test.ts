import { expect, test, vi } from 'vitest'
import { createTestStore, forEachDialect } from '../store/test/storeDialects.js'
import { migrateCommand } from './migrateCommand.js'

forEachDialect((dialect) => {
  test('default: migrate brings the store up to date and warns about nothing', async () => {
    const store = await createTestStore(dialect, { migrate: false })
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      await migrateCommand(locationArgs(store.location))
      expect(log).toHaveBeenCalledWith(`store is up to date (${dialect})`)
      expect(warn).not.toHaveBeenCalled()
    } finally {
      log.mockRestore()
      warn.mockRestore()
      await store.cleanup()
    }
  })

  test('behavior: migrate tells the operator about emails that migration 0008 left to review', async () => {
    const store = await createTestStore(dialect)
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      await store.db
        .insertInto('email_identity_conflicts')
        .values({
          app_id: 'app_1',
          email: 'ada@example.com',
          user_id: 'user_newer',
          kept_user_id: 'user_older',
          how: 'code',
          detected_at: Date.UTC(2026, 0, 1),
        })
        .execute()
      await migrateCommand(locationArgs(store.location))
      expect(warn).toHaveBeenCalledOnce()
      expect(warn.mock.calls[0]![0]).toMatch(/^sigil-server: 1 email\(s\) .*email_identity_conflicts/)
    } finally {
      log.mockRestore()
      warn.mockRestore()
      await store.cleanup()
    }
  })
})

function locationArgs(location: { dataDir?: string | undefined; databaseUrl?: string | undefined }) {
  return location.databaseUrl ? ['--database-url', location.databaseUrl] : ['--data-dir', location.dataDir!]
}
