import { describe, expect, test } from 'vitest'
import { createTestStore, forEachDialect } from '../test/storeDialects.js'
import * as recoveryCodes from './0014_recovery_codes.js'
import { migrations } from './migrations.js'

forEachDialect((dialect) => {
  describe('migration 0014_recovery_codes', () => {
    test('default: a code is marked used once; hashes are unique; the rows go with the user', async () => {
      const store = await createTestStore(dialect, { migrate: false })
      try {
        for (const [name, migration] of Object.entries(migrations))
          if (name < '0014') await migration.up(store.db)
        const t = { created_at: 1000, updated_at: 1000 }
        await store.db
          .insertInto('organizations')
          .values({
            id: 'o1',
            name: 'o',
            parent_id: null,
            root_quorum_threshold: 1,
            root_user_ids: '["u1"]',
            ...t,
          } as never)
          .execute()
        await store.db
          .insertInto('users')
          .values({
            id: 'u1',
            organization_id: 'o1',
            name: 'u',
            email: null,
            phone_number: null,
            oauth_providers: '[]',
            ...t,
          } as never)
          .execute()
        await recoveryCodes.up(store.db)
        await store.db
          .insertInto('recovery_codes')
          .values({ id: 'c1', user_id: 'u1', code_hash: 'h1', created_at: 1000, used_at: null })
          .execute()
        await expect(
          store.db
            .insertInto('recovery_codes')
            .values({ id: 'c2', user_id: 'u1', code_hash: 'h1', created_at: 1000, used_at: null })
            .execute(),
        ).rejects.toThrow()
        const use = async () =>
          (
            await store.db
              .updateTable('recovery_codes')
              .set({ used_at: 2000 })
              .where('id', '=', 'c1')
              .where('used_at', 'is', null)
              .executeTakeFirst()
          ).numUpdatedRows
        expect(await use()).toBe(1n)
        expect(await use()).toBe(0n)
        await store.db.deleteFrom('users').where('id', '=', 'u1').execute()
        expect(await store.db.selectFrom('recovery_codes').select('id').execute()).toEqual([])
      } finally {
        await store.cleanup()
      }
    })
  })
})
