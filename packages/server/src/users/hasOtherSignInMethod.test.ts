import { describe, expect, test } from 'vitest'
import { forEachDialect, useTestStore } from '../store/test/storeDialects.js'
import { hasOtherSignInMethod } from './hasOtherSignInMethod.js'
import { type SeededMethod, seedSignInMethods } from './test/seedSignInMethods.js'

forEachDialect((dialect) => {
  describe('hasOtherSignInMethod', () => {
    const getStore = useTestStore(dialect)
    const userId = 'user-1'

    test('default: each method alone keeps the user able to sign in when something else is removed', async () => {
      const db = getStore().db
      await seedSignInMethods(db, ['email', 'phone', 'oauth', 'passkey', 'jwt'])
      expect(await hasOtherSignInMethod(db, { userId, removed: { emails: true } })).toBe(true)
      expect(await hasOtherSignInMethod(db, { userId, removed: { phones: true } })).toBe(true)
      expect(await hasOtherSignInMethod(db, { userId, removed: { oauthProviderIds: ['provider-1'] } })).toBe(
        true,
      )
    })

    test.each<[SeededMethod, Parameters<typeof hasOtherSignInMethod>[1]['removed']]>([
      ['passkey', { emails: true }],
      ['jwt', { emails: true }],
      ['jwt', { phones: true }],
      ['jwt', { oauthProviderIds: ['provider-1'] }],
      ['phone', { emails: true }],
      ['email', { phones: true }],
      ['oauth', { emails: true }],
    ])('behavior: the %s method is still there when %o goes', async (method, removed) => {
      const db = getStore().db
      await seedSignInMethods(db, [method])
      expect(await hasOtherSignInMethod(db, { userId, removed })).toBe(true)
    })

    test.each<[SeededMethod, Parameters<typeof hasOtherSignInMethod>[1]['removed']]>([
      ['email', { emails: true }],
      ['phone', { phones: true }],
      ['oauth', { oauthProviderIds: ['provider-1'] }],
    ])('error: a lone %s method removed by %o leaves nothing', async (method, removed) => {
      const db = getStore().db
      await seedSignInMethods(db, [method])
      expect(await hasOtherSignInMethod(db, { userId, removed })).toBe(false)
    })

    test('error: an unknown user has no way to sign in', async () => {
      expect(await hasOtherSignInMethod(getStore().db, { userId: 'nobody', removed: {} })).toBe(false)
    })
  })
})
