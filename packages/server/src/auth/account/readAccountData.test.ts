import { describe, expect, test } from 'vitest'
import type { SigilContext } from '../../SigilContext.js'
import type { Database } from '../../store/schema.js'
import { forEachDialect, useTestStore } from '../../store/test/storeDialects.js'
import { activityRow, testTime } from '../../store/test/storeRows.js'
import { seedSignInMethods } from '../../users/test/seedSignInMethods.js'
import { eraseAccount } from './eraseAccount.js'
import { readAccountData } from './readAccountData.js'

/** Every table that holds a row naming the user or its organization, besides the core ones. */
const userTables = [
  'email_identities',
  'phone_identities',
  'oauth_identities',
  'jwt_identities',
  'authenticators',
  'multi_owner_members',
  'key_exports',
] as const satisfies readonly (keyof Database)[]

forEachDialect((dialect) => {
  describe('readAccountData and eraseAccount', () => {
    const getStore = useTestStore(dialect)
    const ids = { organizationId: 'org-1', userId: 'user-1' }

    const seed = async () => {
      const db = getStore().db
      await seedSignInMethods(db, ['email', 'phone', 'oauth', 'passkey', 'jwt'])
      await db.insertInto('activities').values(activityRow()).execute()
      await db
        .insertInto('multi_owner_members')
        .values({
          user_id: 'user-1',
          organization_id: 'org-1',
          evm_signer_address: '0x00000000000000000000000000000000000000aa',
          created_at: testTime,
        })
        .execute()
      await db
        .insertInto('key_exports')
        .values({
          activity_id: 'activity-1',
          address: '0x00000000000000000000000000000000000000bb',
          organization_id: 'org-1',
          user_id: 'user-1',
          type: 'WALLET',
          tracked_at: testTime,
        })
        .execute()
    }
    const context = () => ({ store: getStore(), now: () => testTime }) as unknown as SigilContext

    test('default: the export names every identity, address and reported export the server holds', async () => {
      await seed()
      const data = await readAccountData(context(), ids)
      const at = new Date(testTime).toISOString()
      expect(data).toMatchObject({
        emails: [{ email: 'ada@example.com', provenAt: at, how: 'code' }],
        phoneNumbers: [{ phoneNumber: '+14155550100', provenAt: at, how: 'code' }],
        oauthProviders: [{ providerName: 'Google', subject: 'google-subject', createdAt: at }],
        jwtIdentities: [{ issuer: 'https://auth.app.example', subject: 'app-user-7', createdAt: at }],
        passkeys: [{ createdAt: at }],
        ownerAddresses: [{ address: '0x00000000000000000000000000000000000000aa', createdAt: at }],
        activities: [{ activityId: 'activity-1' }],
        keyExports: [
          {
            activityId: 'activity-1',
            address: '0x00000000000000000000000000000000000000bb',
            type: 'WALLET',
            trackedAt: at,
          },
        ],
      })
    })

    test('behavior: erasing the account leaves no row naming the user in any of those tables', async () => {
      await seed()
      const db = getStore().db
      for (const table of userTables)
        expect(await db.selectFrom(table).select('user_id').execute(), table).toHaveLength(1)
      await db.transaction().execute((trx) => eraseAccount(trx, ids))
      for (const table of userTables)
        expect(await db.selectFrom(table).select('user_id').execute(), table).toEqual([])
      expect(await db.selectFrom('users').select('id').execute()).toEqual([])
    })
  })
})
