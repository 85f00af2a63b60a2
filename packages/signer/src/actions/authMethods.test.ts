import { afterEach, beforeEach, expect, test } from 'vitest'
import { grantOauthLink } from '../../../server/src/auth/oauth/grantOauthLink.js'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'

/**
 * `listAuthMethods`, `addOauthProvider` and `removeOauthProvider` through the SDK against the real
 * server (in process). The OAuth callback that fetches an ID token for linking is not run here (no
 * provider in this testbed; packages/server/test/security/authMethods.test.ts runs it against a real
 * one): the test records the grant that callback would, with `grantOauthLink`.
 */

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: list, link, list, unlink through the SDK', async () => {
  const email = 'methods@example.com'
  const signer = testbed.createSigner()
  await testbed.signIn(signer, email)
  expect(await signer.listAuthMethods()).toEqual({ email, oauthProviders: [], passkeys: [] })

  await grantOauthLink(testbed.server.app.sigil, {
    appId: testbed.server.signerApp.appId,
    idToken: 'id-token-fetched-for-linking',
    providerName: 'google',
    issuer: 'https://accounts.google.com',
    audience: 'client-id',
    subject: '1084',
    email: 'methods.google@example.com',
  })
  const linked = await signer.addOauthProvider({
    providerName: 'google',
    oidcToken: 'id-token-fetched-for-linking',
  })
  expect(linked).toEqual({
    providerId: expect.any(String),
    issuer: 'https://accounts.google.com',
    providerName: 'google',
    userDisplayName: 'methods.google@example.com',
  })
  expect((await signer.listAuthMethods()).oauthProviders).toEqual([linked])

  await signer.removeOauthProvider({ providerId: linked.providerId })
  expect((await signer.listAuthMethods()).oauthProviders).toEqual([])
  expect(testbed.routes).toContain('/v1/remove-oauth-provider')
})

test('error: a token without a grant links nothing', async () => {
  const signer = testbed.createSigner()
  await testbed.signIn(signer, 'nogrant@example.com')
  const error = await signer
    .addOauthProvider({ providerName: 'google', oidcToken: 'a-token-from-elsewhere' })
    .catch((caught: Error) => caught)
  expect((error as Error).message).toContain('was not fetched for this app')
  expect((await signer.listAuthMethods()).oauthProviders).toEqual([])
})
