import { describe, expect, test } from 'vitest'
import { createTestStore, forEachDialect } from '../test/storeDialects.js'
import * as signInFailures from './0009_sign_in_failures.js'
import { migrations } from './migrations.js'

forEachDialect((dialect) => {
  describe('migration 0009_sign_in_failures', () => {
    test('default: attempts count up by upsert; mfa_factors gains replaces_factor_id', async () => {
      const store = await createTestStore(dialect, { migrate: false })
      try {
        for (const [name, migration] of Object.entries(migrations))
          if (name < '0009') await migration.up(store.db)
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
        expect(
          await store.db.selectFrom('mfa_factors').select(['id', 'replaces_factor_id']).execute(),
        ).toEqual([])
      } finally {
        await store.cleanup()
      }
    })
  })
})
