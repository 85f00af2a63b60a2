import { describe, expect, test } from 'vitest'
import { createTestStore, forEachDialect } from '../test/storeDialects.js'
import * as signInFailures from './0009_sign_in_failures.js'
import { migrations } from './migrations.js'

forEachDialect((dialect) => {
  describe('migration 0009_sign_in_failures', () => {
    test('default: attempts count up by upsert; a verified factor gets verified_at = updated_at', async () => {
      const store = await createTestStore(dialect, { migrate: false })
      try {
        for (const [name, migration] of Object.entries(migrations))
          if (name < '0009') await migration.up(store.db)
        // A verified factor stored before 0009 (no replaces_factor_id, no verified_at).
        const old = { created_at: 1000, updated_at: 5000 }
        await store.db
          .insertInto('organizations')
          .values({
            id: 'o1',
            name: 'o',
            parent_id: null,
            root_quorum_threshold: 1,
            root_user_ids: '["u1"]',
            ...old,
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
            ...old,
          } as never)
          .execute()
        await store.db
          .insertInto('mfa_factors')
          .values({
            id: 'f1',
            user_id: 'u1',
            type: 'totp',
            sealed_secret: 's',
            verified: 1,
            last_used_step: null,
            ...old,
          } as never)
          .execute()
        await signInFailures.up(store.db)
        const bump = () =>
          store.db
            .insertInto('sign_in_attempts')
            .values({ id: 'jti-1', kind: 'mfa-token', user_id: 'u1', attempts: 1, expires_at: 10 })
            .onConflict((conflict) =>
              conflict
                .column('id')
                .doUpdateSet((eb) => ({ attempts: eb('sign_in_attempts.attempts', '+', 1) })),
            )
            .returning('attempts')
            .executeTakeFirstOrThrow()
        expect(Number((await bump()).attempts)).toBe(1)
        expect(Number((await bump()).attempts)).toBe(2)
        // The old factor keeps gating sign-in; links sent before its last change are refused.
        const [factor] = await store.db
          .selectFrom('mfa_factors')
          .select(['id', 'replaces_factor_id', 'verified_at'])
          .execute()
        expect({ ...factor, verified_at: Number(factor!.verified_at) }).toEqual({
          id: 'f1',
          replaces_factor_id: null,
          verified_at: 5000,
        })
      } finally {
        await store.cleanup()
      }
    })
  })
})
