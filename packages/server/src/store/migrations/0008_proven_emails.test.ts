import { describe, expect, test } from 'vitest'
import { createApp } from '../../apps/createApp.js'
import { isUniqueViolation } from '../isUniqueViolation.js'
import { createTestStore, forEachDialect, type TestStore } from '../test/storeDialects.js'
import { organizationRow, userRow } from '../test/storeRows.js'
import * as provenEmails from './0008_proven_emails.js'
import { migrations } from './migrations.js'

const t = Date.UTC(2026, 0, 1)

/** A store migrated up to (not including) 0008. */
async function storeBefore0008(dialect: 'sqlite' | 'postgres'): Promise<TestStore> {
  const store = await createTestStore(dialect, { migrate: false })
  for (const [name, migration] of Object.entries(migrations)) if (name < '0008') await migration.up(store.db)
  return store
}

forEachDialect((dialect) => {
  describe('migration 0008_proven_emails', () => {
    test('behavior: the backfill proves used codes, OAuth-made and operator-made users, and nothing else', async () => {
      const store = await storeBefore0008(dialect)
      try {
        const { appId } = await createApp(store.db, { name: 'a', origins: ['https://a.example'], now: t })
        const user = async (
          id: string,
          email: string,
          options: { app?: boolean; createdAt?: number; oauth?: { name: string; at: number }[] } = {},
        ) => {
          const createdAt = options.createdAt ?? t
          await store.db
            .insertInto('organizations')
            .values(
              organizationRow({
                id: `org-${id}`,
                app_id: options.app === false ? null : appId,
                root_user_ids: JSON.stringify([id]),
                created_at: createdAt,
              }),
            )
            .execute()
          await store.db
            .insertInto('users')
            .values(
              userRow({
                id,
                organization_id: `org-${id}`,
                email,
                created_at: createdAt,
                oauth_providers: JSON.stringify(
                  (options.oauth ?? []).map(({ name, at }) => ({
                    providerId: `p-${id}-${name}`,
                    providerName: name,
                    issuer: 'https://idp.example',
                    audience: 'client',
                    subject: `${id}-${name}`,
                    createdAt: at,
                  })),
                ),
              }),
            )
            .execute()
        }
        let codes = 0
        const code = async (
          userId: string,
          email: string,
          fields: { kind?: string; createdAt: number; usedAt: number | null; attempts?: number },
        ) => {
          codes++
          await store.db
            .insertInto('email_codes')
            .values({
              id: `code-${codes}`,
              app_id: appId,
              email,
              organization_id: `org-${userId}`,
              user_id: userId,
              kind: fields.kind ?? 'otp',
              code_hash: 'x',
              attempts: fields.attempts ?? 0,
              expires_at: fields.createdAt + 600_000,
              used_at: fields.usedAt,
              target_public_key: '02ab',
              expiration_seconds: 900,
              redirect_params: null,
              created_at: fields.createdAt,
            })
            .execute()
        }

        await user('operator-1', 'op@example.com', { app: false })
        await user('operator-2', 'op@example.com', { app: false })
        await user('coded', 'ada@example.com')
        await code('coded', 'ada@example.com', { createdAt: t, usedAt: t + 10 })
        await user('linked-by-mail', 'bea@example.com')
        await code('linked-by-mail', 'bea@example.com', { kind: 'magic-link', createdAt: t, usedAt: t + 20 })
        // An attacker's passkey account whose codes (sent to the victim) were only superseded.
        await user('superseded', 'cy@example.com')
        await code('superseded', 'cy@example.com', { createdAt: t, usedAt: t + 5 })
        await code('superseded', 'cy@example.com', { createdAt: t + 5, usedAt: null })
        await user('killed', 'di@example.com')
        await code('killed', 'di@example.com', { createdAt: t, usedAt: t + 7, attempts: 3 })
        await user('by-oauth', 'ed@example.com', {
          createdAt: t + 100,
          oauth: [{ name: 'google', at: t + 99 }],
        })
        await user('oauth-linked-later', 'fa@example.com', { oauth: [{ name: 'corp', at: t + 5_000 }] })
        await user('passkey', 'gi@example.com')
        await user('older', 'ho@example.com', { createdAt: t })
        await code('older', 'ho@example.com', { createdAt: t + 1, usedAt: t + 2 })
        await user('newer', 'ho@example.com', { createdAt: t + 50 })
        await code('newer', 'ho@example.com', { createdAt: t + 51, usedAt: t + 52 })

        await provenEmails.up(store.db)

        const rows = await store.db.selectFrom('email_identities').selectAll().orderBy('user_id').execute()
        expect(rows.map((row) => ({ ...row, proven_at: Number(row.proven_at) }))).toEqual([
          {
            app_id: appId,
            email: 'ed@example.com',
            user_id: 'by-oauth',
            proven_at: t + 100,
            how: 'oauth:google',
          },
          { app_id: appId, email: 'ada@example.com', user_id: 'coded', proven_at: t + 10, how: 'code' },
          {
            app_id: appId,
            email: 'bea@example.com',
            user_id: 'linked-by-mail',
            proven_at: t + 20,
            how: 'link',
          },
          { app_id: appId, email: 'ho@example.com', user_id: 'older', proven_at: t + 2, how: 'code' },
          { app_id: null, email: 'op@example.com', user_id: 'operator-1', proven_at: t, how: 'operator' },
          { app_id: null, email: 'op@example.com', user_id: 'operator-2', proven_at: t, how: 'operator' },
        ])
        const conflicts = await store.db.selectFrom('email_identity_conflicts').selectAll().execute()
        expect(conflicts).toEqual([
          {
            app_id: appId,
            email: 'ho@example.com',
            user_id: 'newer',
            kept_user_id: 'older',
            how: 'code',
            detected_at: expect.anything(),
          },
        ])
        // Nothing else changed: every user keeps its email.
        const emails = await store.db.selectFrom('users').select(['id', 'email']).orderBy('id').execute()
        expect(emails).toHaveLength(11)
        expect(emails.every((row) => row.email !== null)).toBe(true)
      } finally {
        await store.cleanup()
      }
    })

    test('error: a second user of one app cannot hold a proven email; operator rows (no app) may repeat', async () => {
      const store = await storeBefore0008(dialect)
      try {
        await provenEmails.up(store.db)
        for (const id of ['u1', 'u2', 'u3', 'u4']) {
          await store.db
            .insertInto('organizations')
            .values(organizationRow({ id: `org-${id}` }))
            .execute()
          await store.db
            .insertInto('users')
            .values(userRow({ id, organization_id: `org-${id}` }))
            .execute()
        }
        const identity = (userId: string, appId: string | null) => ({
          app_id: appId,
          email: 'ada@example.com',
          user_id: userId,
          proven_at: t,
          how: 'code',
        })
        await store.db.insertInto('email_identities').values(identity('u1', 'app-1')).execute()
        const second = await store.db
          .insertInto('email_identities')
          .values(identity('u2', 'app-1'))
          .execute()
          .catch((error: unknown) => error)
        expect(isUniqueViolation(second)).toBe(true)
        await store.db.insertInto('email_identities').values(identity('u2', 'app-2')).execute()
        await store.db.insertInto('email_identities').values(identity('u3', null)).execute()
        await store.db.insertInto('email_identities').values(identity('u4', null)).execute()
        expect(await store.db.selectFrom('email_identities').selectAll().execute()).toHaveLength(4)
      } finally {
        await store.cleanup()
      }
    })
  })
})
