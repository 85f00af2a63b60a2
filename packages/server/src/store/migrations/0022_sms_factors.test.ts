import { describe, expect, test } from 'vitest'
import { createTestStore, forEachDialect } from '../test/storeDialects.js'
import * as smsFactors from './0022_sms_factors.js'
import { migrations } from './migrations.js'

forEachDialect((dialect) => {
  describe('migration 0022_sms_factors', () => {
    test('default: a factor keeps its number; TOTP rows keep null; codes go with their factor', async () => {
      const store = await createTestStore(dialect, { migrate: false })
      try {
        for (const [name, migration] of Object.entries(migrations))
          if (name < '0022') await migration.up(store.db)
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
        const factor = { user_id: 'u1', verified: 1, last_used_step: null, ...t }
        await store.db
          .insertInto('mfa_factors')
          .values({ id: 'totp1', type: 'totp', sealed_secret: 'sealed', ...factor } as never)
          .execute()
        await smsFactors.up(store.db)
        await store.db
          .insertInto('mfa_factors')
          .values({ id: 'sms1', type: 'sms', sealed_secret: '', phone: '+14155550123', ...factor })
          .execute()
        const phones = await store.db
          .selectFrom('mfa_factors')
          .select(['id', 'phone'])
          .orderBy('id')
          .execute()
        expect(phones).toEqual([
          { id: 'sms1', phone: '+14155550123' },
          { id: 'totp1', phone: null },
        ])
        await store.db
          .insertInto('mfa_sms_codes')
          .values({
            id: 'c1',
            factor_id: 'sms1',
            user_id: 'u1',
            scope: 'session',
            code_hash: 'h',
            expires_at: 2000,
            used_at: null,
            created_at: 1000,
          })
          .execute()
        const row = await store.db.selectFrom('mfa_sms_codes').selectAll().executeTakeFirstOrThrow()
        expect(Number(row.attempts)).toBe(0)
        await store.db.deleteFrom('mfa_factors').where('id', '=', 'sms1').execute()
        expect(await store.db.selectFrom('mfa_sms_codes').select('id').execute()).toEqual([])
      } finally {
        await store.cleanup()
      }
    })
  })
})
