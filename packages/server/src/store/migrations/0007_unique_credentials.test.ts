import { type Kysely, Migrator, PostgresAdapter, sql } from 'kysely'
import { describe, expect, test, vi } from 'vitest'
import { migrateCommand } from '../../cli/migrateCommand.js'
import { isUniqueViolation } from '../isUniqueViolation.js'
import { migrateToLatest } from '../migrateToLatest.js'
import { createTestStore, forEachDialect, type TestStore } from '../test/storeDialects.js'
import { DuplicateCredentialsError } from './0007_unique_credentials.js'
import { migrations } from './migrations.js'

const now = Date.UTC(2026, 0, 1)

/** Runs the migrations up to `name` with the migrator's bookkeeping, as a store of that version has it. */
// biome-ignore lint/suspicious/noExplicitAny: the store is at an older schema than Database.
async function migrateTo(db: Kysely<any>, name: string) {
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema
      : undefined
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  })
  const { error } = await migrator.migrateTo(name)
  if (error) throw error
}

/** Two users in two organizations, each with a passkey and an API key, on the schema before 0007. */
async function seed(store: TestStore) {
  await migrateTo(store.db, '0006_solana_sponsorship')
  for (const name of ['alice', 'mallory']) {
    await store.db
      .insertInto('organizations')
      .values({
        id: `org_${name}`,
        name,
        app_id: null,
        parent_id: null,
        root_quorum_threshold: 1,
        root_user_ids: JSON.stringify([`user_${name}`]),
        created_at: now,
        updated_at: now,
      })
      .execute()
    await store.db
      .insertInto('users')
      .values({
        id: `user_${name}`,
        organization_id: `org_${name}`,
        name,
        email: `${name}@example.com`,
        phone_number: null,
        oauth_providers: '[]',
        created_at: now,
        updated_at: now,
      })
      .execute()
  }
  const authenticator = (id: string, owner: string, credentialId: string, publicKey: string) => ({
    id,
    organization_id: `org_${owner}`,
    user_id: `user_${owner}`,
    name: 'passkey',
    credential_id: credentialId,
    cose_public_key: 'AQ',
    public_key: publicKey,
    counter: 0,
    transports: '[]',
    aaguid: '00000000-0000-0000-0000-000000000000',
    attestation_type: 'none',
    created_at: now,
    updated_at: now,
  })
  const apiKey = (
    id: string,
    owner: string,
    publicKey: string,
    expiresAt: number | null,
    curve = 'P256',
  ) => ({
    id,
    organization_id: `org_${owner}`,
    user_id: `user_${owner}`,
    name: 'key',
    public_key: publicKey,
    curve_type: `API_KEY_CURVE_${curve}`,
    credential_type: `CREDENTIAL_TYPE_API_KEY_${curve}`,
    expiration_seconds: expiresAt === null ? null : '60',
    expires_at: expiresAt,
    created_at: now,
    updated_at: now,
  })
  await store.db
    .insertInto('authenticators')
    .values([
      authenticator('auth_alice', 'alice', 'credVictim', '02aa'),
      authenticator('auth_mallory', 'mallory', 'credVictim', '02bb'),
    ])
    .execute()
  await store.db
    .insertInto('api_keys')
    .values([
      apiKey('key_alice', 'alice', '02cc', null),
      apiKey('key_mallory', 'mallory', '02cc', now - 1),
      // The same hex on another curve is another key.
      apiKey('key_other_curve', 'mallory', '02cc', null, 'SECP256K1'),
    ])
    .execute()
}

forEachDialect((dialect) => {
  describe('migration 0007_unique_credentials', () => {
    test('error: shared credentials are reported with their organizations and users, and nothing changes', async () => {
      const store = await createTestStore(dialect, { migrate: false })
      try {
        await seed(store)
        const error = await migrateToLatest(store.db).catch((caught: unknown) => caught)
        expect(error).toBeInstanceOf(DuplicateCredentialsError)
        const { duplicates, report } = error as DuplicateCredentialsError
        expect(duplicates).toEqual([
          {
            table: 'authenticators',
            column: 'credential_id',
            value: 'credVictim',
            rows: [
              expect.objectContaining({
                id: 'auth_alice',
                organizationId: 'org_alice',
                user: 'alice@example.com',
              }),
              expect.objectContaining({
                id: 'auth_mallory',
                organizationId: 'org_mallory',
                user: 'mallory@example.com',
              }),
            ],
          },
          {
            table: 'api_keys',
            column: 'curve_type, public_key',
            value: 'API_KEY_CURVE_P256 02cc',
            rows: [
              expect.objectContaining({ id: 'key_alice', expiresAt: null }),
              expect.objectContaining({ id: 'key_mallory', expiresAt: now - 1 }),
            ],
          },
        ])
        expect(report).toContain('authenticators.credential_id = credVictim is held by:')
        expect(report).toContain(
          'row auth_mallory: organization org_mallory, user user_mallory (mallory@example.com)',
        )
        expect(report).toContain('in more than one organization')
        expect(report).toContain("DELETE FROM api_keys WHERE id IN ('key_mallory');")
        expect(report).toContain('Then run `sigil-server migrate` again.')

        // Nothing was dropped, and no unique index exists yet.
        expect(await store.db.selectFrom('authenticators').select('id').orderBy('id').execute()).toHaveLength(
          2,
        )
        expect(await store.db.selectFrom('api_keys').select('id').execute()).toHaveLength(3)
        const applied = await store.db
          .selectFrom('kysely_migration' as never)
          .select('name' as never)
          .execute()
        expect(applied.map((row) => (row as { name: string }).name)).not.toContain('0007_unique_credentials')

        // The operator resolves them; the migration then runs and the indexes hold.
        await store.db.deleteFrom('authenticators').where('id', '=', 'auth_mallory').execute()
        await store.db.deleteFrom('api_keys').where('id', '=', 'key_mallory').execute()
        await migrateToLatest(store.db)
        const copy = await store.db
          .selectFrom('authenticators')
          .selectAll()
          .where('id', '=', 'auth_alice')
          .executeTakeFirstOrThrow()
        const sameCredentialId = store.db
          .insertInto('authenticators')
          .values({ ...copy, id: 'auth_copy', public_key: '02ee' })
          .execute()
        expect(isUniqueViolation(await sameCredentialId.catch((caught: unknown) => caught))).toBe(true)
        const samePublicKey = store.db
          .insertInto('authenticators')
          .values({ ...copy, id: 'auth_copy', credential_id: 'credOther' })
          .execute()
        expect(isUniqueViolation(await samePublicKey.catch((caught: unknown) => caught))).toBe(true)
        const key = await store.db
          .selectFrom('api_keys')
          .selectAll()
          .where('id', '=', 'key_alice')
          .executeTakeFirstOrThrow()
        const sameKey = store.db
          .insertInto('api_keys')
          .values({ ...key, id: 'key_copy', organization_id: 'org_mallory', user_id: 'user_mallory' })
          .execute()
        expect(isUniqueViolation(await sameKey.catch((caught: unknown) => caught))).toBe(true)
      } finally {
        await store.cleanup()
      }
    })

    test('error: `sigil-server migrate` prints the report and exits 1', async () => {
      const store = await createTestStore(dialect, { migrate: false })
      const printed: string[] = []
      const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void printed.push(line))
      const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
      try {
        await seed(store)
        const location = store.location.databaseUrl
          ? ['--database-url', store.location.databaseUrl]
          : ['--data-dir', store.location.dataDir!]
        await migrateCommand(location)
        expect(process.exitCode).toBe(1)
        expect(printed.join('\n')).toMatch(
          /^sigil-server: store migration 0007_unique_credentials cannot run: 2 credential\(s\) are registered more than once\n\nauthenticators\.credential_id = credVictim is held by:\n {2}- row auth_alice: organization org_alice, user user_alice \(alice@example\.com\), created 2026-01-01T00:00:00\.000Z\n/,
        )
        expect(log).not.toHaveBeenCalled()
      } finally {
        process.exitCode = undefined
        error.mockRestore()
        log.mockRestore()
        await store.cleanup()
      }
    })
  })
})
