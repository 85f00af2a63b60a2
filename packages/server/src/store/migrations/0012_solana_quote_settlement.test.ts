import { describe, expect, test } from 'vitest'
import { createApp } from '../../apps/createApp.js'
import { createLogger } from '../../log/createLogger.js'
import { createSolanaSponsorPolicy } from '../../sponsor/solana/createSolanaSponsorPolicy.js'
import { readSolanaPolicySpending } from '../../sponsor/solana/readSolanaPolicySpending.js'
import { settleSolanaSponsorships } from '../../sponsor/solana/settleSolanaSponsorships.js'
import { createWriteBatcher } from '../createWriteBatcher.js'
import { createTestStore, forEachDialect } from '../test/storeDialects.js'
import * as solanaQuoteSettlement from './0012_solana_quote_settlement.js'
import { migrations } from './migrations.js'

forEachDialect((dialect) => {
  describe('migration 0012_solana_quote_settlement', () => {
    test('behavior: a sponsorship recorded before it stays counted at its quote and is never released', async () => {
      const store = await createTestStore(dialect, { migrate: false })
      try {
        // Every other migration first (later ones touch other tables; today's createSolanaSponsorPolicy needs them).
        for (const [name, migration] of Object.entries(migrations))
          if (name !== '0012_solana_quote_settlement') await migration.up(store.db)
        const now = Date.UTC(2026, 0, 1)
        const { appId } = await createApp(store.db, { name: 'a', origins: ['https://a.example'], now })
        const policy = await createSolanaSponsorPolicy(store.db, { appId, budgetLamports: 30_000n, now })
        // A row exactly as 0010 stored it (no transaction id, no settlement columns).
        await store.db
          .insertInto('solana_sponsorships')
          .values({
            id: 'old',
            policy_id: policy.id,
            chain_id: 'solana-localnet',
            user_address: 'Ga3ZQzgkFkPs6Q4vdF6gpmcwyQvSfGsgoLakdwXqT2NP',
            user_key: 'key:Ga3ZQzgkFkPs6Q4vdF6gpmcwyQvSfGsgoLakdwXqT2NP',
            message_hash: 'ab'.repeat(32),
            fee_lamports: '10000',
            created_at: now,
          } as never)
          .execute()
        await solanaQuoteSettlement.up(store.db)

        expect(await readSolanaPolicySpending(store.db, policy, now)).toMatchObject({
          spentLamports: 10_000n,
          reservedLamports: 0n,
          remainingLamports: 20_000n,
        })
        // Settlement has nothing to look for: no node is asked, nothing moves.
        const writes = createWriteBatcher(store)
        try {
          expect(
            await settleSolanaSponsorships({
              db: store.db,
              writes,
              chains: [{ id: 'solana-localnet', type: 'solana', rpcUrl: 'http://127.0.0.1:9' }],
              logger: createLogger({ level: 'silent' }),
              now,
            }),
          ).toEqual({ landed: 0, released: 0 })
        } finally {
          await writes.close()
        }
        expect(
          await store.db.selectFrom('solana_sponsorships').selectAll().executeTakeFirstOrThrow(),
        ).toMatchObject({ signature: null, paid_lamports: '10000', settled_at: expect.anything() })
      } finally {
        await store.cleanup()
      }
    })
  })
})
