import { describe, expect, test } from 'vitest'
import { createTestStore, forEachDialect } from '../test/storeDialects.js'
import * as importKeys from './0021_import_keys.js'
import { migrations } from './migrations.js'

forEachDialect((dialect) => {
  describe('migration 0021_import_keys', () => {
    test('default: existing wallets are mnemonic wallets; import keys go with their user', async () => {
      const store = await createTestStore(dialect, { migrate: false })
      try {
        for (const [name, migration] of Object.entries(migrations))
          if (name < '0021') await migration.up(store.db)
        const t = { created_at: 1000, updated_at: 1000 }
        await store.db
          .insertInto('organizations')
          .values({
            id: 'o1',
            name: 'o1',
            parent_id: null,
            root_quorum_threshold: 1,
            root_user_ids: '[]',
            ...t,
          } as never)
          .execute()
        for (const id of ['u1', 'u2'])
          await store.db
            .insertInto('users')
            .values({
              id,
              organization_id: 'o1',
              name: id,
              email: null,
              phone_number: null,
              oauth_providers: '[]',
              ...t,
            } as never)
            .execute()
        await store.db
          .insertInto('wallets')
          .values({
            id: 'w1',
            organization_id: 'o1',
            name: 'Main',
            mnemonic_length: 12,
            sealed_mnemonic: '{"v":1}',
            exported: 0,
            imported: 0,
            ...t,
          })
          .execute()
        await importKeys.up(store.db)

        expect(await store.db.selectFrom('wallets').select(['id', 'secret_kind']).execute()).toEqual([
          { id: 'w1', secret_kind: 'mnemonic' },
        ])
        const key = (id: string, user: string) => ({
          id,
          organization_id: 'o1',
          user_id: user,
          kind: 'wallet' as const,
          public_key: `04${'ab'.repeat(64)}`,
          sealed_private_key: '{"v":1}',
          encapped_public: null,
          created_at: 1000,
          expires_at: 2000,
        })
        await store.db
          .insertInto('import_keys')
          .values([key('k1', 'u1'), key('k2', 'u2')])
          .execute()
        // Spent: the sealed key is gone, the bundle's encapsulated key stays.
        await store.db
          .updateTable('import_keys')
          .set({ sealed_private_key: null, encapped_public: `04${'cd'.repeat(64)}` })
          .where('id', '=', 'k2')
          .execute()
        await store.db.deleteFrom('users').where('id', '=', 'u1').execute()
        expect(
          await store.db.selectFrom('import_keys').select(['id', 'sealed_private_key']).execute(),
        ).toEqual([{ id: 'k2', sealed_private_key: null }])
      } finally {
        await store.cleanup()
      }
    })
  })
})
