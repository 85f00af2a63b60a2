import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readMailboxCode } from '../../src/auth/email/test/readMailboxCode.js'
import { type OauthTestbed, startOauthTestbed } from '../../src/auth/oauth/test/startOauthTestbed.js'
import type { TestOidcAccount } from '../../src/auth/oauth/test/startOidcProvider.js'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createTargetKey } from '../../src/test/createTargetKey.js'
import type { StoredOauthProvider } from '../../src/users/createUserAccount.js'

/*
 * OAuth linking by email (issue 14, hole 6), replayed through the real listener against a real OpenID
 * provider: a provider's `email_verified` claim links a new provider account to an existing user only
 * when that provider is trusted (`trustEmailVerified`); otherwise the provider account is a new user.
 */

/** A user who proved `email` by an email code, through the listener; answers its organization. */
async function provenEmailUser(testbed: OauthTestbed, email: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${testbed.publicUrl}/signer${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${testbed.server.signerApp.apiKey}`,
      },
    })
  const target = createTargetKey()
  const signup = await post('/v1/signup', { email, targetPublicKey: target.publicKey })
  expect(signup.status).toBe(200)
  const { orgId, otpId } = (await signup.json()) as { orgId: string; otpId: string }
  const otp = await post('/v1/otp', {
    orgId,
    otpId,
    otpCode: await readMailboxCode(testbed.server, email),
    targetPublicKey: target.publicKey,
  })
  expect(otp.status).toBe(200)
  const lookup = await post('/v1/lookup', { email })
  expect(await lookup.json()).toEqual({ orgId })
  return orgId
}

/** Signs in at the custom provider `corp` as `subject` and answers the redirect's parameters. */
async function corpLogin(testbed: OauthTestbed, subject: string, account: TestOidcAccount) {
  testbed.idp.accounts.set(subject, account)
  const login = await testbed.login({ subject, providerId: 'corp', isCustomProvider: true })
  expect(login.response.status).toBe(302)
  const params = login.appUrl!.searchParams
  expect(params.get('alchemy-error')).toBeNull()
  return { orgId: params.get('alchemy-org-id')!, isSignup: params.get('aa-is-signup') === 'true' }
}

/** The provider accounts stored on the users of `orgId`. */
async function linkedSubjects(testbed: OauthTestbed, orgId: string): Promise<string[]> {
  const rows = await testbed.server.store.db
    .selectFrom('users')
    .select('oauth_providers')
    .where('organization_id', '=', orgId)
    .execute()
  return rows.flatMap((row) =>
    (JSON.parse(row.oauth_providers) as StoredOauthProvider[]).map((provider) => provider.subject),
  )
}

describe.each(storeDialects)('OAuth linking attacks on %s', (dialect) => {
  let testbed: OauthTestbed
  beforeAll(async () => {
    testbed = await startOauthTestbed(dialect)
  })
  afterAll(() => testbed.close())

  test('error: hole 6 — a custom provider (not trusted) claiming email_verified true does not link to the email user', async () => {
    const email = 'linked-true@example.com'
    const victimOrg = await provenEmailUser(testbed, email)
    const attacker = await corpLogin(testbed, 'attacker-true', { email, email_verified: true })
    expect(attacker.orgId).not.toBe(victimOrg)
    expect(attacker.isSignup).toBe(true)
    expect(await linkedSubjects(testbed, victimOrg)).toEqual([])
  })

  test('error: hole 6 — a custom provider (not trusted) claiming email_verified "true" does not link to the email user', async () => {
    const email = 'linked-string@example.com'
    const victimOrg = await provenEmailUser(testbed, email)
    const attacker = await corpLogin(testbed, 'attacker-string', { email, email_verified: 'true' })
    expect(attacker.orgId).not.toBe(victimOrg)
    expect(attacker.isSignup).toBe(true)
    expect(await linkedSubjects(testbed, victimOrg)).toEqual([])
  })

  test('error: hole 6 — a known provider other than Google and Apple (auth0) is not trusted by default', async () => {
    const email = 'linked-auth0@example.com'
    const victimOrg = await provenEmailUser(testbed, email)
    testbed.idp.accounts.set('attacker-auth0', { email, email_verified: true })
    const login = await testbed.login({ subject: 'attacker-auth0' })
    expect(login.response.status).toBe(302)
    expect(login.appUrl!.searchParams.get('alchemy-org-id')).not.toBe(victimOrg)
    expect(await linkedSubjects(testbed, victimOrg)).toEqual([])
  })
})

describe.each(storeDialects)('OAuth linking with trustEmailVerified on %s', (dialect) => {
  let testbed: OauthTestbed
  beforeAll(async () => {
    testbed = await startOauthTestbed(dialect, { providers: { corp: { trustEmailVerified: true } } })
  })
  afterAll(() => testbed.close())

  test('behavior: hole 6 — a trusted provider with email_verified true links to the user that proved the email', async () => {
    const email = 'trusted@example.com'
    const userOrg = await provenEmailUser(testbed, email)
    const login = await corpLogin(testbed, 'trusted-subject', {
      email: 'Trusted@Example.com',
      email_verified: true,
    })
    expect(login.orgId).toBe(userOrg)
    expect(login.isSignup).toBe(false)
    expect(await linkedSubjects(testbed, userOrg)).toEqual(['trusted-subject'])
  })

  test('error: hole 6 — a trusted provider other than Apple sending email_verified "true" (a string) does not link', async () => {
    const email = 'trusted-string@example.com'
    const userOrg = await provenEmailUser(testbed, email)
    const login = await corpLogin(testbed, 'string-subject', { email, email_verified: 'true' })
    expect(login.orgId).not.toBe(userOrg)
    expect(await linkedSubjects(testbed, userOrg)).toEqual([])
  })

  test('behavior: a trusted provider with email_verified false does not link', async () => {
    const email = 'trusted-false@example.com'
    const userOrg = await provenEmailUser(testbed, email)
    const login = await corpLogin(testbed, 'false-subject', { email, email_verified: false })
    expect(login.orgId).not.toBe(userOrg)
    expect(await linkedSubjects(testbed, userOrg)).toEqual([])
  })
})
