import { describe, expect, test } from 'vitest'
import { createTestStore, forEachDialect } from '../test/storeDialects.js'
import * as authMethods from './0018_auth_methods.js'
import { migrations } from './migrations.js'

forEachDialect((dialect) => {
  describe('migration 0018_auth_methods', () => {
    test('default: linked providers are backfilled, the oldest user keeps a duplicate, and one identity is one user', async () => {
      const store = await createTestStore(dialect, { migrate: false })
      try {
        for (const [name, migration] of Object.entries(migrations))
          if (name < '0018') await migration.up(store.db)
        const provider = (providerId: string, subject: string) => ({
          providerId,
          providerName: 'google',
          issuer: 'https://accounts.google.com',
          audience: 'client',
          subject,
          createdAt: 1000,
        })
        const user = async (id: string, appId: string | null, createdAt: number, providers: unknown[]) => {
          await store.db
            .insertInto('organizations')
            .values({
              id: `o-${id}`,
              name: 'o',
              app_id: appId,
              parent_id: null,
              root_quorum_threshold: 1,
              root_user_ids: JSON.stringify([id]),
              created_at: createdAt,
              updated_at: createdAt,
            } as never)
            .execute()
          await store.db
            .insertInto('users')
            .values({
              id,
              organization_id: `o-${id}`,
              name: id,
              email: null,
              phone_number: null,
              oauth_providers: JSON.stringify(providers),
              created_at: createdAt,
              updated_at: createdAt,
            } as never)
            .execute()
        }
        await user('older', 'app-1', 1000, [provider('p1', 'ada'), provider('p2', 'bob')])
        await user('newer', 'app-1', 2000, [provider('p3', 'ada')])
        await user('other-app', 'app-2', 3000, [provider('p4', 'ada')])
        await user('operator-made', null, 4000, [provider('p5', 'cy')])
        await authMethods.up(store.db)

        const rows = await store.db
          .selectFrom('oauth_identities')
          .select(['user_id', 'provider_id', 'app_id', 'subject'])
          .orderBy('provider_id')
          .execute()
        expect(rows).toEqual([
          { user_id: 'older', provider_id: 'p1', app_id: 'app-1', subject: 'ada' },
          { user_id: 'older', provider_id: 'p2', app_id: 'app-1', subject: 'bob' },
          { user_id: 'other-app', provider_id: 'p4', app_id: 'app-2', subject: 'ada' },
        ])
        await expect(
          store.db
            .insertInto('oauth_identities')
            .values({
              user_id: 'newer',
              provider_id: 'p9',
              app_id: 'app-1',
              issuer: 'https://accounts.google.com',
              subject: 'bob',
              created_at: 5000,
            })
            .execute(),
        ).rejects.toThrow()
        await store.db.deleteFrom('users').where('id', '=', 'older').execute()
        expect(await store.db.selectFrom('oauth_identities').select('provider_id').execute()).toEqual([
          { provider_id: 'p4' },
        ])
      } finally {
        await store.cleanup()
      }
    })
  })
})
