import { describe, expect, test } from 'vitest'
import { isUniqueViolation } from '../isUniqueViolation.js'
import { createTestStore, forEachDialect } from '../test/storeDialects.js'
import * as delegatedApiKeys from './0020_delegated_api_keys.js'
import { migrations } from './migrations.js'

forEachDialect((dialect) => {
  describe('migration 0020_delegated_api_keys', () => {
    test('default: existing keys become homes; one home per key, one row per organization, delegated rows beside', async () => {
      const store = await createTestStore(dialect, { migrate: false })
      try {
        for (const [name, migration] of Object.entries(migrations))
          if (name < '0020') await migration.up(store.db)
        const t = { created_at: 1000, updated_at: 1000 }
        for (const id of ['o1', 'o2', 'o3'])
          await store.db
            .insertInto('organizations')
            .values({
              id,
              name: id,
              parent_id: null,
              root_quorum_threshold: 1,
              root_user_ids: '[]',
              ...t,
            } as never)
            .execute()
        for (const id of ['o1', 'o2', 'o3'])
          await store.db
            .insertInto('users')
            .values({
              id: `u-${id}`,
              organization_id: id,
              name: 'u',
              email: null,
              phone_number: null,
              oauth_providers: '[]',
              ...t,
            } as never)
            .execute()
        const key = (id: string, organization: string, delegated?: number) => ({
          id,
          organization_id: organization,
          user_id: `u-${organization}`,
          name: 'k',
          public_key: '02ab',
          curve_type: 'API_KEY_CURVE_P256',
          credential_type: 'CREDENTIAL_TYPE_API_KEY_P256',
          expiration_seconds: null,
          expires_at: null,
          ...(delegated === undefined ? {} : { delegated }),
          ...t,
        })
        await store.db.insertInto('api_keys').values(key('k1', 'o1')).execute()
        await delegatedApiKeys.up(store.db)

        const insert = (row: ReturnType<typeof key>) =>
          store.db
            .insertInto('api_keys')
            .values(row as never)
            .execute()
            .then(
              () => 'stored',
              (error: unknown) => (isUniqueViolation(error) ? 'unique violation' : error),
            )
        expect(await store.db.selectFrom('api_keys').select(['id', 'delegated']).execute()).toEqual([
          { id: 'k1', delegated: 0 },
        ])
        expect(await insert(key('k2', 'o2'))).toBe('unique violation')
        expect(await insert(key('k3', 'o2', 1))).toBe('stored')
        expect(await insert(key('k4', 'o2', 1))).toBe('unique violation')
        expect(await insert(key('k5', 'o3', 1))).toBe('stored')
      } finally {
        await store.cleanup()
      }
    })
  })
})
