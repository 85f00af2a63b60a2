import { describe, expect, test } from 'vitest'
import { isUniqueViolation } from '../isUniqueViolation.js'
import { createTestStore, forEachDialect } from '../test/storeDialects.js'
import * as smsCodes from './0016_sms_codes.js'
import { migrations } from './migrations.js'

forEachDialect((dialect) => {
  describe('migration 0016_sms_codes', () => {
    test('default: old codes are email codes; one user per (app, phone); numbers go with the user', async () => {
      const store = await createTestStore(dialect, { migrate: false })
      try {
        for (const [name, migration] of Object.entries(migrations))
          if (name < '0016') await migration.up(store.db)
        const t = { created_at: 1000, updated_at: 1000 }
        for (const id of ['u1', 'u2']) {
          await store.db
            .insertInto('organizations')
            .values({
              id: `o-${id}`,
              name: 'o',
              parent_id: null,
              app_id: 'app',
              root_quorum_threshold: 1,
              root_user_ids: `["${id}"]`,
              ...t,
            } as never)
            .execute()
          await store.db
            .insertInto('users')
            .values({
              id,
              organization_id: `o-${id}`,
              name: 'u',
              email: null,
              phone_number: null,
              oauth_providers: '[]',
              ...t,
            } as never)
            .execute()
        }
        await store.db
          .insertInto('email_codes')
          .values({
            id: 'c1',
            app_id: 'app',
            email: 'ada@example.com',
            organization_id: 'o-u1',
            user_id: 'u1',
            kind: 'otp',
            code_hash: 'x',
            attempts: 0,
            expires_at: 2000,
            used_at: null,
            target_public_key: '02ab',
            expiration_seconds: 900,
            redirect_params: null,
            created_at: 1000,
          } as never)
          .execute()
        await smsCodes.up(store.db)

        const code = await store.db.selectFrom('email_codes').select('channel').executeTakeFirstOrThrow()
        expect(code.channel).toBe('email')
        const identity = { app_id: 'app', phone: '+14155550123', proven_at: 1000, how: 'code' }
        await store.db
          .insertInto('phone_identities')
          .values({ ...identity, user_id: 'u1' })
          .execute()
        const second = await store.db
          .insertInto('phone_identities')
          .values({ ...identity, user_id: 'u2' })
          .execute()
          .catch((error: unknown) => error)
        expect(isUniqueViolation(second)).toBe(true)
        // Operator-made organizations (no app) are not constrained.
        await store.db
          .insertInto('phone_identities')
          .values({ ...identity, app_id: null, user_id: 'u2' })
          .execute()

        await store.db.deleteFrom('users').where('id', '=', 'u1').execute()
        const left = await store.db.selectFrom('phone_identities').select('user_id').execute()
        expect(left).toEqual([{ user_id: 'u2' }])
      } finally {
        await store.cleanup()
      }
    })
  })
})
