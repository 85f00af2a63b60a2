import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { createStore } from './createStore.js'
import { StoreMigrationError } from './errors.js'
import { isUniqueViolation } from './isUniqueViolation.js'
import { migrateToLatest } from './migrateToLatest.js'
import { migrations } from './migrations/migrations.js'
import type { Database } from './schema.js'
import { migrateConcurrently } from './test/migrateConcurrently.js'
import { createTestStore, forEachDialect, type TestStore, useTestStore } from './test/storeDialects.js'
import {
  activityRow,
  apiKeyRow,
  authenticatorRow,
  importKeyRow,
  organizationRow,
  serverKeyRow,
  testTime,
  userRow,
  walletAccountRow,
  walletRow,
} from './test/storeRows.js'

const tables = [
  'organizations',
  'users',
  'api_keys',
  'authenticators',
  'wallets',
  'wallet_accounts',
  'activities',
  'server_keys',
  'import_keys',
] as const satisfies readonly (keyof Database)[]

async function seedOrganization(store: TestStore, id = 'org-1') {
  await store.db.insertInto('organizations').values(organizationRow({ id })).execute()
}

async function listIndexes(store: TestStore): Promise<string[]> {
  const { rows } =
    store.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(store.db)
      : await sql<{ name: string }>`
          select indexname as name from pg_indexes where schemaname = current_schema()`.execute(store.db)
  return rows.map((row) => row.name)
}

forEachDialect((dialect) => {
  describe('migrations', () => {
    test('default', async () => {
      const store = await createTestStore(dialect, { migrate: false })
      try {
        const results = await migrateToLatest(store.db)
        expect(results).toEqual(
          Object.keys(migrations).map((migrationName) => ({
            migrationName,
            direction: 'Up',
            status: 'Success',
          })),
        )
        const names = (await store.db.introspection.getTables()).map((table) => table.name)
        expect(names).toEqual(expect.arrayContaining([...tables]))
        expect(await listIndexes(store)).toEqual(
          expect.arrayContaining([
            'organizations_parent_id',
            'users_organization_id',
            'users_email',
            'api_keys_public_key_curve_type_organization_unique',
            'api_keys_public_key_curve_type_home_unique',
            'api_keys_user_id',
            'authenticators_credential_id_unique',
            'authenticators_public_key_unique',
            'wallets_organization_id',
            'wallet_accounts_organization_id_address',
            'wallet_accounts_wallet_id',
            'activities_organization_id_fingerprint',
            'activities_organization_id_created_at',
            'import_keys_user_id_kind',
          ]),
        )
      } finally {
        await store.cleanup()
      }
    })

    test('behavior: running them again does nothing', async () => {
      const store = await createTestStore(dialect)
      try {
        await seedOrganization(store)
        expect(await migrateToLatest(store.db)).toEqual([])
        expect(await migrateToLatest(store.db)).toEqual([])
        expect(await store.db.selectFrom('organizations').select('id').execute()).toEqual([{ id: 'org-1' }])
      } finally {
        await store.cleanup()
      }
    })

    test('behavior: two processes migrating one database at once (a server and the migrate CLI)', async () => {
      const store = await createTestStore(dialect, { migrate: false })
      try {
        const outcomes = await migrateConcurrently(store, 3)
        expect(outcomes.filter((outcome) => outcome.error)).toEqual([])
        expect(outcomes.map((outcome) => outcome.ran).sort()).toEqual([[], [], Object.keys(migrations)])
        await seedOrganization(store)
        expect(await migrateToLatest(store.db)).toEqual([])
      } finally {
        await store.cleanup()
      }
    })

    if (dialect === 'postgres') {
      // In one thread only PostgreSQL can do this: better-sqlite3 waits for a file lock synchronously.
      test('behavior: two Kysely instances migrating at once', async () => {
        const store = await createTestStore(dialect, { migrate: false })
        try {
          const other = await store.reopen()
          const [first, second] = await Promise.all([migrateToLatest(store.db), migrateToLatest(other.db)])
          expect([first, second].map((results) => results.length).sort()).toEqual([
            0,
            Object.keys(migrations).length,
          ])
        } finally {
          await store.cleanup()
        }
      })

      test('error: a search_path that names no existing schema', async () => {
        const store = await createTestStore(dialect, { migrate: false })
        const url = new URL(store.location.databaseUrl!)
        url.searchParams.set('options', '-c search_path=sigil_test_missing')
        const lost = await createStore({ databaseUrl: url.toString() })
        try {
          const error = await migrateToLatest(lost.db).catch((caught: unknown) => caught)
          expect(error).toBeInstanceOf(StoreMigrationError)
          expect((error as Error).message).toContain('search_path names no existing schema')
        } finally {
          await lost.close()
          await store.cleanup()
        }
      })

      test("behavior: migrates its own schema while another schema holds Kysely's tables (regression: the migrator found another schema's kysely_migration and skipped creating its own)", async () => {
        const first = await createTestStore(dialect)
        const second = await createTestStore(dialect, { migrate: false })
        try {
          expect(await migrateToLatest(second.db)).toHaveLength(Object.keys(migrations).length)
          await seedOrganization(second)
        } finally {
          await Promise.all([first.cleanup(), second.cleanup()])
        }
      })
    }
  })

  describe('tables', () => {
    const getStore = useTestStore(dialect)

    test('default', async () => {
      const store = getStore()
      const rows = {
        organizations: organizationRow(),
        users: userRow(),
        api_keys: apiKeyRow(),
        authenticators: authenticatorRow(),
        wallets: walletRow(),
        wallet_accounts: walletAccountRow(),
        activities: activityRow(),
        server_keys: serverKeyRow(),
        import_keys: importKeyRow(),
      }
      for (const table of tables) await store.db.insertInto(table).values(rows[table]).execute()
      for (const table of tables) {
        expect(await store.db.selectFrom(table).selectAll().execute(), table).toEqual([rows[table]])
      }
    })

    test('behavior: bigint times come back as numbers, also past 2^32 and from aggregates', async () => {
      const store = getStore()
      await seedOrganization(store)
      await store.db.insertInto('users').values(userRow()).execute()
      await store.db
        .insertInto('api_keys')
        .values(apiKeyRow({ expires_at: null }))
        .execute()
      const key = await store.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow()
      expect(typeof key.created_at).toBe('number')
      expect(key.created_at).toBe(testTime)
      expect(key.expires_at).toBeNull()
      const { latest, count } = await store.db
        .selectFrom('api_keys')
        .select((eb) => [eb.fn.max('created_at').as('latest'), eb.fn.countAll().as('count')])
        .executeTakeFirstOrThrow()
      expect({ latest, count }).toEqual({ latest: testTime, count: 1 })
    })

    test('behavior: the same activity fingerprint in another organization', async () => {
      const store = getStore()
      await seedOrganization(store, 'org-1')
      await seedOrganization(store, 'org-2')
      await store.db
        .insertInto('activities')
        .values(activityRow({ id: 'a-1', organization_id: 'org-1' }))
        .execute()
      await store.db
        .insertInto('activities')
        .values(activityRow({ id: 'a-2', organization_id: 'org-2' }))
        .execute()
      expect(await store.db.selectFrom('activities').select('id').orderBy('id').execute()).toEqual([
        { id: 'a-1' },
        { id: 'a-2' },
      ])
    })

    test('error: the same activity fingerprint twice in one organization', async () => {
      const store = getStore()
      await store.db
        .insertInto('activities')
        .values(activityRow({ id: 'a-1' }))
        .execute()
      const error = await store.db
        .insertInto('activities')
        .values(activityRow({ id: 'a-2' }))
        .execute()
        .catch((caught: unknown) => caught)
      expect(isUniqueViolation(error)).toBe(true)
    })

    test('behavior: the same address in another organization', async () => {
      const store = getStore()
      for (const organization of ['org-1', 'org-2']) {
        await seedOrganization(store, organization)
        await store.db
          .insertInto('wallets')
          .values(walletRow({ id: `wallet-${organization}`, organization_id: organization }))
          .execute()
        await store.db
          .insertInto('wallet_accounts')
          .values(
            walletAccountRow({
              id: `account-${organization}`,
              organization_id: organization,
              wallet_id: `wallet-${organization}`,
            }),
          )
          .execute()
      }
      expect(await store.db.selectFrom('wallet_accounts').select('id').execute()).toHaveLength(2)
    })

    test('error: the same address twice in one organization', async () => {
      const store = getStore()
      await seedOrganization(store)
      await store.db.insertInto('wallets').values(walletRow()).execute()
      await store.db
        .insertInto('wallet_accounts')
        .values(walletAccountRow({ id: 'account-1' }))
        .execute()
      const error = await store.db
        .insertInto('wallet_accounts')
        .values(walletAccountRow({ id: 'account-2', path: "m/44'/60'/0'/0/1" }))
        .execute()
        .catch((caught: unknown) => caught)
      expect(isUniqueViolation(error)).toBe(true)
    })

    test('error: a primary key twice', async () => {
      const store = getStore()
      await seedOrganization(store)
      const error = await seedOrganization(store).catch((caught: unknown) => caught)
      expect(isUniqueViolation(error)).toBe(true)
    })

    test('error: a user in an organization that does not exist', async () => {
      const store = getStore()
      const error = await store.db
        .insertInto('users')
        .values(userRow())
        .execute()
        .catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(Error)
      expect(isUniqueViolation(error)).toBe(false)
    })

    test('error: a missing NOT NULL column', async () => {
      const store = getStore()
      await seedOrganization(store)
      await expect(
        store.db
          .insertInto('users')
          .values({ ...userRow(), name: null as unknown as string })
          .execute(),
      ).rejects.toThrow()
    })

    test('behavior: deleting an organization deletes its users, keys, passkeys, wallets and accounts', async () => {
      const store = getStore()
      await seedOrganization(store)
      await store.db.insertInto('users').values(userRow()).execute()
      await store.db.insertInto('api_keys').values(apiKeyRow()).execute()
      await store.db.insertInto('authenticators').values(authenticatorRow()).execute()
      await store.db.insertInto('wallets').values(walletRow()).execute()
      await store.db.insertInto('wallet_accounts').values(walletAccountRow()).execute()
      await store.db.insertInto('activities').values(activityRow()).execute()
      await store.db.deleteFrom('organizations').where('id', '=', 'org-1').execute()
      for (const table of ['users', 'api_keys', 'authenticators', 'wallets', 'wallet_accounts'] as const) {
        expect(await store.db.selectFrom(table).select('id').execute(), table).toEqual([])
      }
      // The audit log outlives what it describes.
      expect(await store.db.selectFrom('activities').select('id').execute()).toEqual([{ id: 'activity-1' }])
    })
  })
})
