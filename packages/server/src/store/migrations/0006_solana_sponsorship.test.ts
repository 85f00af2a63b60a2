import { describe, expect, test } from 'vitest'
import { createApp } from '../../apps/createApp.js'
import { listSponsorPolicies } from '../../sponsor/listSponsorPolicies.js'
import { createTestStore, forEachDialect } from '../test/storeDialects.js'
import * as solanaSponsorship from './0006_solana_sponsorship.js'
import { migrations } from './migrations.js'

forEachDialect((dialect) => {
  describe('migration 0006_solana_sponsorship', () => {
    test('behavior: a gas policy stored before it reads back as kind evm, unchanged', async () => {
      const store = await createTestStore(dialect, { migrate: false })
      try {
        for (const [name, migration] of Object.entries(migrations))
          if (name < '0006') await migration.up(store.db)
        const now = Date.UTC(2026, 0, 1)
        const { appId } = await createApp(store.db, { name: 'a', origins: ['https://a.example'], now })
        // A row exactly as 0005 stored it (no kind, no Solana columns).
        await store.db
          .insertInto('sponsor_policies')
          .values({
            id: 'pol_old',
            app_id: appId,
            name: 'old',
            chain_ids: '[31337]',
            max_gas_per_operation: '3000000',
            max_operations_per_sender_per_day: 2,
            budget_wei: null,
            spent_wei: '5',
            operations: 1,
            allowed_targets: null,
            expires_at: null,
            disabled_at: null,
            created_at: now,
            updated_at: now,
          } as never)
          .execute()
        await solanaSponsorship.up(store.db)
        // The later migrations keep it as it was (0010 adds the audience and budget period defaults).
        for (const [name, migration] of Object.entries(migrations))
          if (name > '0006_solana_sponsorship') await migration.up(store.db)
        expect(await listSponsorPolicies(store.db, { appId })).toMatchObject([
          {
            kind: 'evm',
            id: 'pol_old',
            appId,
            name: 'old',
            chainIds: [31337],
            maxGasPerOperation: 3_000_000n,
            maxOperationsPerSenderPerDay: 2,
            budgetWei: null,
            audience: 'public',
            budgetPeriod: 'total',
            spentWei: 5n,
            operations: 1,
            allowedTargets: null,
            expiresAt: null,
            disabledAt: null,
            createdAt: now,
          },
        ])
        const row = await store.db.selectFrom('sponsor_policies').selectAll().executeTakeFirstOrThrow()
        expect(row).toMatchObject({ kind: 'evm', max_lamports_per_transaction: null, allowed_programs: null })
        expect(await store.db.selectFrom('solana_sponsorships').selectAll().execute()).toEqual([])
      } finally {
        await store.cleanup()
      }
    })
  })
})
