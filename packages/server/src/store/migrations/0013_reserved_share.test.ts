import { describe, expect, test } from 'vitest'
import { createApp } from '../../apps/createApp.js'
import { createTestStore, forEachDialect } from '../test/storeDialects.js'
import { migrations } from './migrations.js'

const t = Date.UTC(2026, 11, 7)

forEachDialect((dialect) => {
  describe('migration 0013_reserved_share', () => {
    test('behavior: policies made before it get the default share of 10 %', async () => {
      const store = await createTestStore(dialect, { migrate: false })
      try {
        for (const [name, migration] of Object.entries(migrations))
          if (name < '0013') await migration.up(store.db)
        const { appId } = await createApp(store.db, { name: 'a', origins: ['https://a.example'], now: t })
        await store.db
          .insertInto('sponsor_policies')
          .values({
            id: 'pol_old',
            app_id: appId,
            name: 'old',
            kind: 'evm',
            chain_ids: null,
            max_gas_per_operation: null,
            max_operations_per_sender_per_day: null,
            budget_wei: '1000',
            spent_wei: '0',
            operations: 0,
            allowed_targets: null,
            max_lamports_per_transaction: null,
            allowed_programs: null,
            expires_at: null,
            disabled_at: null,
            created_at: t,
            updated_at: t,
            audience: 'public',
            budget_period: 'total',
            budget_per_user_wei: null,
            max_cost_wei_per_operation: null,
            sender_factories: null,
          })
          .execute()
        await migrations['0013_reserved_share']!.up(store.db)
        const row = await store.db
          .selectFrom('sponsor_policies')
          .select('max_reserved_share_per_user_bps')
          .where('id', '=', 'pol_old')
          .executeTakeFirstOrThrow()
        expect(Number(row.max_reserved_share_per_user_bps)).toBe(1000)
      } finally {
        await store.cleanup()
      }
    })
  })
})
