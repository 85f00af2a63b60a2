import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../../src/apps/createApp.js'
import { toApp } from '../../src/apps/toApp.js'
import { createTestClock } from '../../src/auth/mfa/test/createTestClock.js'
import { totpCodeAt } from '../../src/auth/mfa/test/totpCodeAt.js'
import { type OauthTestbed, startOauthTestbed } from '../../src/auth/oauth/test/startOauthTestbed.js'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createTargetKey, stampRequest } from '../../src/test/createTargetKey.js'
import type { TestKey } from '../../src/test/createTestServer.js'
import { createUserAccount } from '../../src/users/createUserAccount.js'
import { mintSessionBundle } from '../../src/users/mintSessionBundle.js'

/*
 * The sign-in method routes (list-auth-methods, add/remove-oauth-provider, track-key-export)
 * attacked through the real listener and a real OpenID provider: another user's organization or
 * user id, an ID token that was not fetched for linking in this app (a sign-in's token, another
 * app's, a replayed one, a forged one), a provider account another user holds, removing the last
 * way in, skipping the MFA gate, and a key export that never happened.
 */

type Answer = Record<string, unknown> & { error?: string; code?: string }

type User = {
  appId: string
  apiKey: string
  organizationId: string
  userId: string
  address: string
  session: TestKey
}

describe.each(storeDialects)('sign-in method attacks on %s', (dialect) => {
  const clock = createTestClock()
  let testbed: OauthTestbed
  let otherApp: { appId: string; apiKey: string }
  beforeAll(async () => {
    testbed = await startOauthTestbed(dialect, { now: clock.now })
    otherApp = await createApp(testbed.server.store.db, {
      name: 'other app',
      origins: ['http://localhost:5173'],
      now: Date.now(),
    })
  })
  afterAll(async () => {
    await testbed?.close()
  })

  const post = async (path: string, body: unknown, apiKey = testbed.server.signerApp.apiKey) => {
    const response = await fetch(`${testbed.publicUrl}/signer${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    })
    return { status: response.status, body: (await response.json()) as Answer }
  }

  /** A signed-up user of an app with a live session key, as after a sign-in. */
  let counter = 0
  const signedInUser = async (app = testbed.server.signerApp, email?: string): Promise<User> => {
    const ctx = testbed.server.app.sigil
    const row = await ctx.store.db
      .selectFrom('apps')
      .selectAll()
      .where('id', '=', app.appId)
      .executeTakeFirstOrThrow()
    const account = await createUserAccount(ctx, {
      app: toApp(row),
      email: email ?? `methods-${++counter}-${Date.now()}@example.com`,
      ...(email ? { emailProvenBy: 'code' } : {}),
    })
    const target = createTargetKey()
    const { credentialBundle } = await mintSessionBundle(ctx, {
      organizationId: account.organizationId,
      userId: account.userId,
      targetPublicKey: target.publicKey,
      expirationSeconds: 3600,
      credentialType: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
    })
    return { ...app, ...account, session: await target.open(credentialBundle) }
  }

  /** An activity body as Account Kit stamps it for the sign-in method routes. */
  const stamped = (
    user: User,
    type: string,
    parameters: Record<string, unknown>,
    options: { organizationId?: string; key?: TestKey } = {},
  ) =>
    stampRequest(
      {
        type,
        timestampMs: String(clock.now()),
        organizationId: options.organizationId ?? user.organizationId,
        parameters,
      },
      options.key ?? user.session,
      'https://api.turnkey.com/public/v1/submit/create_oauth_providers',
    )

  /** An ID token fetched the way Account Kit's `addOauthProvider` does (`fetchIdTokenOnly`). */
  const fetchLinkToken = async (subject: string) => {
    testbed.idp.accounts.set(subject, { email: `${subject}@corp.example`, email_verified: true })
    const login = await testbed.login({ subject, fetchIdTokenOnly: true })
    const params = login.appUrl!.searchParams
    expect(params.get('alchemy-error')).toBeNull()
    expect(params.get('alchemy-status')).toBe('FETCHED_ID_TOKEN_ONLY')
    expect(params.get('alchemy-bundle')).toBeNull()
    return { idToken: params.get('alchemy-id-token')!, providerName: params.get('alchemy-auth-provider')! }
  }

  const addProvider = async (user: User, token: { idToken: string; providerName: string }, extra = {}) =>
    post(
      '/v1/add-oauth-provider',
      {
        stampedRequest: await stamped(user, 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS', {
          userId: user.userId,
          oauthProviders: [{ providerName: token.providerName, oidcToken: token.idToken }],
        }),
        ...extra,
      },
      user.apiKey,
    )

  const removeProvider = async (user: User, providerIds: string[], extra = {}) =>
    post(
      '/v1/remove-oauth-provider',
      {
        stampedRequest: await stamped(user, 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS', {
          userId: user.userId,
          providerIds,
        }),
        ...extra,
      },
      user.apiKey,
    )

  const listMethods = async (user: User) =>
    post(
      '/v1/list-auth-methods',
      {
        stampedRequest: await stamped(user, 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', {
          signWith: user.address,
          payload: 'list_auth_methods',
          encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
          hashFunction: 'HASH_FUNCTION_NO_OP',
        }),
      },
      user.apiKey,
    )

  test('default: a fetched ID token links once; the provider then signs the user in', async () => {
    const user = await signedInUser(undefined, `linker-${dialect}@example.com`)
    const users = async () =>
      (await testbed.server.store.db.selectFrom('users').select('id').execute()).length
    const before = await users()
    const token = await fetchLinkToken(`link-${dialect}`)
    expect(await users()).toBe(before)

    const added = await addProvider(user, token)
    expect(added.status).toBe(200)
    const [provider] = added.body.oauthProviders as {
      providerId: string
      issuer: string
      providerName: string
    }[]
    expect(provider).toMatchObject({ issuer: testbed.idp.issuer, providerName: 'auth0' })

    const listed = await listMethods(user)
    expect(listed.status).toBe(200)
    expect(listed.body).toEqual({
      email: `linker-${dialect}@example.com`,
      oauthProviders: [
        {
          providerId: provider!.providerId,
          issuer: testbed.idp.issuer,
          providerName: 'auth0',
          userDisplayName: `link-${dialect}@corp.example`,
        },
      ],
      passkeys: [],
    })
    const login = await testbed.login({ subject: `link-${dialect}` })
    expect(login.appUrl!.searchParams.get('alchemy-org-id')).toBe(user.organizationId)
  })

  test("error: Account Kit's unstamped list masks contact details and stays inside the app", async () => {
    const user = await signedInUser(undefined, `masked-${dialect}@example.com`)
    await addProvider(user, await fetchLinkToken(`masked-${dialect}`))
    const listed = await post('/v1/list-auth-methods', { suborgId: user.organizationId })
    expect(listed.status).toBe(200)
    expect(listed.body).toMatchObject({
      email: 'm***@example.com',
      oauthProviders: [{ providerName: 'auth0', userDisplayName: 'm***@corp.example' }],
      passkeys: [],
    })
    expect(JSON.stringify(listed.body)).not.toContain(`masked-${dialect}`)
    const fromOtherApp = await post(
      '/v1/list-auth-methods',
      { suborgId: user.organizationId },
      otherApp.apiKey,
    )
    expect(fromOtherApp).toMatchObject({ status: 404, body: { code: 'ORGANIZATION_NOT_FOUND' } })
  })

  test("error: an ID token of a sign-in, another app's, a replayed or a forged one links nothing", async () => {
    const user = await signedInUser()
    // The token a sign-in hands the app (not fetched for linking).
    testbed.idp.accounts.set(`signin-${dialect}`, { email: 'x@corp.example', email_verified: true })
    const signIn = await testbed.login({ subject: `signin-${dialect}` })
    const signInToken = {
      idToken: signIn.appUrl!.searchParams.get('alchemy-id-token')!,
      providerName: 'auth0',
    }
    expect(await addProvider(user, signInToken)).toMatchObject({
      status: 401,
      body: { code: 'OAUTH_LINK_TOKEN_INVALID' },
    })
    // Fetched for linking in this app, used by a user of another app.
    const token = await fetchLinkToken(`cross-${dialect}`)
    const stranger = await signedInUser(otherApp)
    expect(await addProvider(stranger, token)).toMatchObject({
      status: 401,
      body: { code: 'OAUTH_LINK_TOKEN_INVALID' },
    })
    // Named as another provider than the one it was fetched from.
    expect(await addProvider(user, { ...token, providerName: 'apple' })).toMatchObject({
      status: 401,
      body: { code: 'OAUTH_LINK_TOKEN_INVALID' },
    })
    expect((await addProvider(user, token)).status).toBe(200)
    // Replayed.
    const other = await signedInUser()
    expect(await addProvider(other, token)).toMatchObject({
      status: 401,
      body: { code: 'OAUTH_LINK_TOKEN_INVALID' },
    })
    // Forged: an unsigned token with the claims of a victim.
    const forged = [
      Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url'),
      Buffer.from(JSON.stringify({ iss: testbed.idp.issuer, sub: 'victim', aud: 'sigil-app' })).toString(
        'base64url',
      ),
      '',
    ].join('.')
    expect(await addProvider(other, { idToken: forged, providerName: 'auth0' })).toMatchObject({
      status: 401,
      body: { code: 'OAUTH_LINK_TOKEN_INVALID' },
    })
  })

  test('error: an expired link token is refused', async () => {
    const user = await signedInUser()
    const token = await fetchLinkToken(`late-${dialect}`)
    clock.advance(11 * 60_000)
    try {
      expect(await addProvider(user, token)).toMatchObject({
        status: 401,
        body: { code: 'OAUTH_LINK_TOKEN_INVALID' },
      })
    } finally {
      clock.advance(-11 * 60_000)
    }
  })

  test('error: a provider account another user signs in with is not linked to a second one', async () => {
    // The victim signed in with the provider account.
    testbed.idp.accounts.set(`held-${dialect}`, { email: 'held@corp.example', email_verified: true })
    const victimLogin = await testbed.login({ subject: `held-${dialect}` })
    const victimOrg = victimLogin.appUrl!.searchParams.get('alchemy-org-id')
    const attacker = await signedInUser()
    expect(await addProvider(attacker, await fetchLinkToken(`held-${dialect}`))).toMatchObject({
      status: 409,
      body: { code: 'OAUTH_IDENTITY_TAKEN' },
    })
    const again = await testbed.login({ subject: `held-${dialect}` })
    expect(again.appUrl!.searchParams.get('alchemy-org-id')).toBe(victimOrg)
    // Two users racing to link one provider account: one wins.
    const tokens = [await fetchLinkToken(`race-${dialect}`), await fetchLinkToken(`race-${dialect}`)]
    const racers = [await signedInUser(), await signedInUser()]
    const answers = await Promise.all(racers.map((racer, index) => addProvider(racer, tokens[index]!)))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
  })

  test("error: another user's organization, user id or provider link is refused", async () => {
    const victim = await signedInUser(undefined, `victim-${dialect}@example.com`)
    const added = await addProvider(victim, await fetchLinkToken(`victim-${dialect}`))
    const { providerId } = (added.body.oauthProviders as { providerId: string }[])[0]!
    const attacker = await signedInUser()
    // The attacker's stamp on the victim's organization.
    const foreignOrg = await post('/v1/remove-oauth-provider', {
      stampedRequest: await stamped(
        attacker,
        'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS',
        { userId: victim.userId, providerIds: [providerId] },
        { organizationId: victim.organizationId },
      ),
    })
    expect(foreignOrg.status).toBeGreaterThanOrEqual(401)
    expect(foreignOrg.status).toBeLessThanOrEqual(403)
    // The attacker's own organization, the victim's user id.
    const foreignUser = await post('/v1/remove-oauth-provider', {
      stampedRequest: await stamped(attacker, 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS', {
        userId: victim.userId,
        providerIds: [providerId],
      }),
    })
    expect(foreignUser).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } })
    // The attacker's own user, the victim's provider link.
    expect(await removeProvider(attacker, [providerId])).toMatchObject({
      status: 404,
      body: { code: 'OAUTH_PROVIDER_NOT_LINKED' },
    })
    const listed = await listMethods(victim)
    expect(listed.body.oauthProviders).toHaveLength(1)
    // A list stamped by the attacker for the victim's organization.
    const foreignList = await post('/v1/list-auth-methods', {
      stampedRequest: await stamped(
        attacker,
        'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        { payload: 'list_auth_methods' },
        { organizationId: victim.organizationId },
      ),
    })
    expect(foreignList.status).toBeGreaterThanOrEqual(401)
    expect(JSON.stringify(foreignList.body)).not.toContain(`victim-${dialect}`)
  })

  test('error: the last way to sign in is not removed; with another one left it is', async () => {
    testbed.idp.accounts.set(`only-${dialect}`, { email: 'only@corp.example', email_verified: false })
    const login = await testbed.login({ subject: `only-${dialect}` })
    const params = login.appUrl!.searchParams
    const session = await login.target.open(params.get('alchemy-bundle')!)
    const organizationId = params.get('alchemy-org-id')!
    const row = await testbed.server.store.db
      .selectFrom('users')
      .select(['id', 'oauth_providers'])
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow()
    const user: User = {
      ...testbed.server.signerApp,
      organizationId,
      userId: row.id,
      address: '0x',
      session,
    }
    const { providerId } = (JSON.parse(row.oauth_providers) as { providerId: string }[])[0]!
    expect(await removeProvider(user, [providerId])).toMatchObject({
      status: 400,
      body: { code: 'LAST_SIGN_IN_METHOD' },
    })
    const added = await addProvider(user, await fetchLinkToken(`second-${dialect}`))
    expect(added.status).toBe(200)
    expect(await removeProvider(user, [providerId])).toMatchObject({ status: 200, body: {} })
    // The removed provider account is free: signing in with it makes a new user.
    const after = await testbed.login({ subject: `only-${dialect}` })
    expect(after.appUrl!.searchParams.get('alchemy-org-id')).not.toBe(organizationId)
  })

  test('error: a user with a second factor links and unlinks only with its code', async () => {
    const user = await signedInUser(undefined, `mfa-methods-${dialect}@example.com`)
    const requested = await post('/v1/auth-request-multi-factor', {
      stampedRequest: await stamped(user, 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', { payload: 'add_mfa' }),
      multiFactorType: 'totp',
    })
    const { multiFactorId, multiFactorTotpUrl } = requested.body as {
      multiFactorId: string
      multiFactorTotpUrl: string
    }
    const verified = await post('/v1/auth-verify-multi-factor', {
      stampedRequest: await stamped(user, 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', { payload: 'verify_mfa' }),
      multiFactorId,
      multiFactorCode: await totpCodeAt(multiFactorTotpUrl, clock.now()),
    })
    expect(verified.status).toBe(200)
    clock.advance(30_000)
    const token = await fetchLinkToken(`mfa-${dialect}`)
    expect(await addProvider(user, token)).toMatchObject({ status: 400, body: { code: 'MFA_REQUIRED' } })
    const added = await addProvider(user, token, {
      multiFactors: [{ multiFactorId, multiFactorCode: await totpCodeAt(multiFactorTotpUrl, clock.now()) }],
    })
    expect(added.status).toBe(200)
    clock.advance(30_000)
    const { providerId } = (added.body.oauthProviders as { providerId: string }[])[0]!
    expect(await removeProvider(user, [providerId])).toMatchObject({
      status: 400,
      body: { code: 'MFA_REQUIRED' },
    })
    expect(
      await removeProvider(user, [providerId], {
        multiFactors: [{ multiFactorId, multiFactorCode: await totpCodeAt(multiFactorTotpUrl, clock.now()) }],
      }),
    ).toMatchObject({ status: 200 })
  })

  test('error: a key export is recorded only after a real export of that account, in its app', async () => {
    const user = await signedInUser()
    const track = (apiKey?: string, address = user.address) =>
      post(
        '/v1/track-key-export',
        { orgId: user.organizationId, accountAddress: address, type: 'ETH' },
        apiKey,
      )
    const rows = () =>
      testbed.server.store.db
        .selectFrom('key_exports')
        .selectAll()
        .where('organization_id', '=', user.organizationId)
        .execute()
    expect(await track()).toMatchObject({ status: 404, body: { code: 'KEY_EXPORT_NOT_FOUND' } })
    const exported = await testbed.server.submit(
      'export_wallet_account',
      'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT',
      { address: user.address, targetPublicKey: createTargetKey().publicKey },
      { organizationId: user.organizationId, key: user.session },
    )
    expect(exported.status).toBe(200)
    expect(await track(otherApp.apiKey)).toMatchObject({
      status: 404,
      body: { code: 'KEY_EXPORT_NOT_FOUND' },
    })
    const someoneElse = await signedInUser()
    expect(await track(undefined, someoneElse.address)).toMatchObject({ status: 404 })
    expect(await track()).toMatchObject({ status: 200, body: {} })
    expect(await track()).toMatchObject({ status: 200, body: {} })
    expect(await rows()).toEqual([
      expect.objectContaining({ address: user.address, type: 'ETH', user_id: user.userId }),
    ])
    expect(
      await post('/v1/track-key-export', {
        orgId: user.organizationId,
        accountAddress: user.address,
        type: 'BTC',
      }),
    ).toMatchObject({
      status: 400,
      body: { code: 'REQUEST_INVALID' },
    })
  })
})
