import { encodeOauthState, getOauthNonce } from '@sigil/protocol'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createTargetKey, stampRequest } from '../../test/createTargetKey.js'
import { testAppOrigin } from '../../test/createTestServer.js'
import type { StoredOauthProvider } from '../../users/createUserAccount.js'
import { type OauthLogin, type OauthTestbed, startOauthTestbed } from './test/startOauthTestbed.js'

const returnUrl = `${testAppOrigin}/auth/return`

describe.each(storeDialects)('OAuth callback on %s', (dialect) => {
  let testbed: OauthTestbed
  let clockOffsetMs = 0
  beforeAll(async () => {
    testbed = await startOauthTestbed(dialect, { now: () => Date.now() + clockOffsetMs })
  })
  afterAll(() => testbed.close())

  /** Opens the bundle with the login's target key and asks whoami with the session key. */
  const whoami = async (login: OauthLogin, bundle: string, orgId: string) => {
    const session = await login.target.open(bundle)
    const response = await testbed.server.signer('/v1/whoami', {
      stampedRequest: await stampRequest({ organizationId: orgId }, session),
    })
    expect(response.status).toBe(200)
    return (await response.json()) as { email?: string; orgId: string; userId: string; address: string }
  }
  /** The query of the redirect back to the app. */
  const redirected = (login: OauthLogin) => {
    expect(login.response.status).toBe(302)
    expect(login.appUrl?.origin).toBe(testAppOrigin)
    expect(`${login.appUrl!.origin}${login.appUrl!.pathname}`).toBe(returnUrl)
    return login.appUrl!.searchParams
  }
  const refusedWith = (login: OauthLogin, error: RegExp) => {
    const params = redirected(login)
    expect(params.get('alchemy-error')).toMatch(error)
    expect(params.get('alchemy-bundle')).toBeNull()
    expect(params.get('alchemy-org-id')).toBeNull()
  }
  /** The message the popup page posts, and the origin it posts to. */
  const popupMessage = (body: string) => {
    const match = body.match(/var message=(\{.*?\});var origin=("[^"]*");/)
    expect(match).not.toBeNull()
    return {
      message: JSON.parse(match![1]!) as Record<string, unknown>,
      origin: JSON.parse(match![2]!) as string,
    }
  }
  const errorPage = async (response: Response, text?: string) => {
    expect(response.status).toBe(400)
    expect(response.headers.get('location')).toBeNull()
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = text ?? (await response.text())
    expect(body).toContain('Sign-in failed')
    expect(body).not.toContain('postMessage')
  }
  const storedProviders = async (userId: string) => {
    const row = await testbed.server.store.db
      .selectFrom('users')
      .select('oauth_providers')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    return JSON.parse(row.oauth_providers) as StoredOauthProvider[]
  }

  test('default: redirect mode signs a new user up and returns a bundle, org id and ID token', async () => {
    testbed.idp.accounts.set('ada', { email: 'Ada@Example.com', email_verified: true })
    const login = await testbed.login({ subject: 'ada' })
    const params = redirected(login)
    expect(params.get('aa-is-signup')).toBe('true')
    expect(params.get('alchemy-is-signup')).toBe('true')
    expect(params.get('alchemy-error')).toBeNull()
    const orgId = params.get('alchemy-org-id')!
    const user = await whoami(login, params.get('alchemy-bundle')!, orgId)
    expect(user).toMatchObject({ email: 'ada@example.com', orgId })
    expect(decodeJwt(params.get('alchemy-id-token')!)).toMatchObject({
      iss: testbed.idp.issuer,
      aud: 'sigil-app',
      sub: 'ada',
      nonce: getOauthNonce(login.target.publicKey),
    })
    expect(login.response.headers.get('cache-control')).toBe('no-store')
    expect(await storedProviders(user.userId)).toEqual([
      {
        providerId: expect.any(String),
        providerName: 'auth0',
        issuer: testbed.idp.issuer,
        audience: 'sigil-app',
        subject: 'ada',
        createdAt: expect.any(Number),
      },
    ])
  })

  test('behavior: the provider URL is built as the SDK builds it (docs/protocol.md#oauth-state-and-nonce order, prompt=select_account)', async () => {
    testbed.idp.accounts.set('url-check', {})
    const login = await testbed.login({ subject: 'url-check', stopAtCallback: true })
    const url = new URL(login.authUrl)
    expect([...url.searchParams.keys()]).toEqual([
      'redirect_uri',
      'response_type',
      'scope',
      'state',
      'code_challenge',
      'code_challenge_method',
      'prompt',
      'client_id',
      'nonce',
    ])
    expect(url.searchParams.get('redirect_uri')).toBe(testbed.callbackUrl)
    expect(url.searchParams.get('prompt')).toBe('select_account')
    const callback = new URL(login.location!)
    expect(`${callback.origin}${callback.pathname}`).toBe(testbed.callbackUrl)
    expect(callback.searchParams.get('state')).toBe(login.state)
  })

  test('behavior: the same provider account signs in again to the same user, without the sign-up flags', async () => {
    testbed.idp.accounts.set('bob', { email: 'bob@example.com', email_verified: true })
    const first = redirected(await testbed.login({ subject: 'bob' }))
    const again = await testbed.login({ subject: 'bob' })
    const params = redirected(again)
    expect(params.get('alchemy-org-id')).toBe(first.get('alchemy-org-id'))
    expect(params.get('aa-is-signup')).toBeNull()
    expect(params.get('alchemy-is-signup')).toBeNull()
    const user = await whoami(again, params.get('alchemy-bundle')!, params.get('alchemy-org-id')!)
    expect(user.email).toBe('bob@example.com')
  })

  test('behavior: an unverified email is neither stored nor used to find a user', async () => {
    testbed.idp.accounts.set('grace', { email: 'grace@example.com', email_verified: true })
    const grace = redirected(await testbed.login({ subject: 'grace' }))
    testbed.idp.accounts.set('mallory', { email: 'grace@example.com', email_verified: false })
    const login = await testbed.login({ subject: 'mallory' })
    const params = redirected(login)
    expect(params.get('aa-is-signup')).toBe('true')
    expect(params.get('alchemy-org-id')).not.toBe(grace.get('alchemy-org-id'))
    const user = await whoami(login, params.get('alchemy-bundle')!, params.get('alchemy-org-id')!)
    expect(user.email).toBeUndefined()
  })

  test('behavior: a verified email from a provider that is not trusted (trustEmailVerified off) creates a new user, email unproven', async () => {
    testbed.idp.accounts.set('lin', { email: 'lin@example.com', email_verified: true })
    const first = redirected(await testbed.login({ subject: 'lin' }))
    testbed.idp.accounts.set('lin-at-corp', { email: 'LIN@example.com', email_verified: true })
    const login = await testbed.login({ subject: 'lin-at-corp', providerId: 'corp', isCustomProvider: true })
    const params = redirected(login)
    expect(params.get('alchemy-org-id')).not.toBe(first.get('alchemy-org-id'))
    expect(params.get('aa-is-signup')).toBe('true')
    const user = await whoami(login, params.get('alchemy-bundle')!, params.get('alchemy-org-id')!)
    expect(user.email).toBe('lin@example.com')
    expect(
      (await storedProviders(user.userId)).map(({ providerName, subject }) => ({ providerName, subject })),
    ).toEqual([{ providerName: 'corp', subject: 'lin-at-corp' }])
    const lookup = await testbed.server.signer('/v1/lookup', { email: 'lin@example.com' })
    expect(await lookup.json()).toEqual({ orgId: null })
  })

  test('behavior: popup mode posts the bundle to the opener origin, then closes', async () => {
    testbed.idp.accounts.set('pat', { email: 'pat@example.com', email_verified: true })
    const login = await testbed.login({ subject: 'pat', openerOrigin: testAppOrigin })
    expect(login.response.status).toBe(200)
    expect(login.response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(login.response.headers.get('cache-control')).toBe('no-store')
    const csp = login.response.headers.get('content-security-policy')!
    const scriptNonce = login.body!.match(/<script nonce="([^"]+)">/)?.[1]
    expect(csp).toContain(`script-src 'nonce-${scriptNonce}'`)
    expect(csp).toContain("default-src 'none'")
    expect(login.body).toContain('window.opener.postMessage(message,origin)')
    expect(login.body).toContain('window.close()')
    const { message, origin } = popupMessage(login.body!)
    expect(origin).toBe(testAppOrigin)
    expect(Object.keys(message)).toEqual([
      'alchemyBundle',
      'alchemyOrgId',
      'alchemyIdToken',
      'alchemyIsSignup',
    ])
    expect(message.alchemyIsSignup).toBe(true)
    const user = await whoami(login, message.alchemyBundle as string, message.alchemyOrgId as string)
    expect(user.email).toBe('pat@example.com')
    expect(decodeJwt(message.alchemyIdToken as string).sub).toBe('pat')
  })

  test('behavior: Apple answers with form_post and the callback takes the POST', async () => {
    testbed.idp.accounts.set('apple-user', { email: 'apple@example.com', email_verified: true })
    const login = await testbed.login({ subject: 'apple-user', providerId: 'apple' })
    expect(new URL(login.authUrl).searchParams.get('response_mode')).toBe('form_post')
    expect(login.url).toBe(testbed.callbackUrl)
    const params = redirected(login)
    const user = await whoami(login, params.get('alchemy-bundle')!, params.get('alchemy-org-id')!)
    expect(user.email).toBe('apple@example.com')
  })

  test('behavior: a custom provider with client_secret_basic and the session lifetime of state.expirationSeconds', async () => {
    testbed.idp.accounts.set('carol', { email: 'carol@example.com', email_verified: true })
    const before = Date.now()
    const login = await testbed.login({
      subject: 'carol',
      providerId: 'corp',
      isCustomProvider: true,
      expirationSeconds: 120,
    })
    const params = redirected(login)
    const user = await whoami(login, params.get('alchemy-bundle')!, params.get('alchemy-org-id')!)
    const session = await testbed.server.store.db
      .selectFrom('api_keys')
      .select(['credential_type', 'expires_at'])
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow()
    expect(session.credential_type).toBe('CREDENTIAL_TYPE_OAUTH_KEY_P256')
    expect(Number(session.expires_at)).toBeGreaterThanOrEqual(before + 120_000)
    expect(Number(session.expires_at)).toBeLessThanOrEqual(Date.now() + 120_000)
  })

  test('behavior: cancelling at the provider sends alchemy-error back to the app', async () => {
    refusedWith(await testbed.login({ subject: 'nobody', cancelAtProvider: true }), /access_denied/)
  })

  test('behavior: the log holds no code, token or bundle', async () => {
    testbed.idp.accounts.set('quiet', { email: 'quiet@example.com', email_verified: true })
    const login = await testbed.login({ subject: 'quiet', stopAtCallback: true })
    const callback = new URL(login.location!)
    const response = await fetch(callback, { redirect: 'manual' })
    const params = new URL(response.headers.get('location')!).searchParams
    const log = testbed.logLines.join('\n')
    expect(log).toContain('oauth login')
    for (const secret of [
      callback.searchParams.get('code')!,
      params.get('alchemy-bundle')!,
      params.get('alchemy-id-token')!,
      login.state,
      'sigil-secret',
    ])
      expect(log).not.toContain(secret)
  })

  test('error: a replayed callback (same code and state) is refused', async () => {
    testbed.idp.accounts.set('replay', { email: 'replay@example.com', email_verified: true })
    const login = await testbed.login({ subject: 'replay' })
    expect(redirected(login).get('alchemy-bundle')).toBeTruthy()
    const replay = await fetch(login.url, { redirect: 'manual' })
    expect(replay.status).toBe(302)
    const params = new URL(replay.headers.get('location')!).searchParams
    expect(params.get('alchemy-error')).toMatch(/expired or already used/)
    expect(params.get('alchemy-bundle')).toBeNull()
  })

  test('error: state.turnkeyPublicKey is not the key whose hash was prepared as nonce', async () => {
    testbed.idp.accounts.set('swap-key', {})
    const login = await testbed.login({
      subject: 'swap-key',
      tamper: { stateKey: createTargetKey().publicKey },
    })
    refusedWith(login, /nonce does not match/)
  })

  test('error: an ID token whose nonce was made for another key', async () => {
    testbed.idp.accounts.set('other-nonce', {})
    const login = await testbed.login({
      subject: 'other-nonce',
      tamper: { urlNonceKey: createTargetKey().publicKey },
    })
    refusedWith(login, /did not verify/)
  })

  test('error: a code from another provider (issuer swap) is refused', async () => {
    testbed.impostor.accounts.set('ada', { email: 'ada@example.com', email_verified: true })
    const login = await testbed.login({
      subject: 'ada',
      tamper: { authEndpoint: `${testbed.impostor.issuer}/auth` },
    })
    refusedWith(login, /did not verify/)
  })

  test('error: a code from another provider with its iss parameter removed or forged is refused', async () => {
    testbed.impostor.accounts.set('ada', { email: 'ada@example.com', email_verified: true })
    const cases = [
      { iss: undefined, error: /did not verify/ },
      // The forged iss passes the RFC 9207 check; the configured provider's token endpoint refuses the code.
      { iss: testbed.idp.issuer, error: /refused the code \(invalid_grant\)/ },
    ]
    for (const { iss, error } of cases) {
      const login = await testbed.login({
        subject: 'ada',
        stopAtCallback: true,
        tamper: { authEndpoint: `${testbed.impostor.issuer}/auth` },
      })
      const callback = new URL(login.location!)
      expect(callback.searchParams.get('iss')).toBe(testbed.impostor.issuer)
      if (iss) callback.searchParams.set('iss', iss)
      else callback.searchParams.delete('iss')
      const response = await fetch(callback, { redirect: 'manual' })
      const params = new URL(response.headers.get('location')!).searchParams
      expect(params.get('alchemy-error')).toMatch(error)
      expect(params.get('alchemy-bundle')).toBeNull()
    }
  })

  test('error: a code issued to another client (audience) is refused', async () => {
    testbed.idp.accounts.set('aud', { email: 'aud@example.com', email_verified: true })
    refusedWith(
      await testbed.login({ subject: 'aud', tamper: { clientId: 'other-app' } }),
      /refused the code \(invalid_grant\)/,
    )
  })

  test('error: a state that is not base64url JSON of the SDK state gets a 400 page, never a redirect', async () => {
    const target = createTargetKey()
    const { requestKey } = await testbed.prepare(getOauthNonce(target.publicKey))
    const states = [
      '',
      'not base64url!',
      Buffer.from('not json').toString('base64url'),
      Buffer.from(JSON.stringify({ requestKey, redirectUrl: returnUrl })).toString('base64url'),
      `${encodeOauthState({ authProviderId: 'auth0', requestKey, turnkeyPublicKey: target.publicKey, redirectUrl: returnUrl })}==`,
    ]
    for (const state of states)
      await errorPage(
        await fetch(`${testbed.callbackUrl}?code=abc&state=${encodeURIComponent(state)}`, {
          redirect: 'manual',
        }),
      )
    const post = await fetch(testbed.callbackUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'abc', state: states[4] }),
    })
    await errorPage(post)
  })

  test('error: a state whose requestKey was changed gets a 400 page', async () => {
    testbed.idp.accounts.set('changed-key', {})
    const login = await testbed.login({
      subject: 'changed-key',
      tamper: { requestKey: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url') },
    })
    await errorPage(login.response, login.body)
  })

  test('error: a foreign openerOrigin gets a 400 page and no postMessage', async () => {
    testbed.idp.accounts.set('popup-thief', { email: 'thief@example.com', email_verified: true })
    for (const openerOrigin of ['https://evil.example', `${testAppOrigin}/path`]) {
      const login = await testbed.login({ subject: 'popup-thief', openerOrigin })
      expect(login.response.status).toBe(400)
      expect(login.body).not.toContain('postMessage')
      expect(login.body).not.toContain('alchemyBundle')
    }
  })

  test('error: a foreign redirectUrl is never redirected to', async () => {
    testbed.idp.accounts.set('redirect-thief', { email: 'thief2@example.com', email_verified: true })
    for (const redirectUrl of ['https://evil.example/steal', 'javascript:alert(1)', '//evil.example/x']) {
      const login = await testbed.login({ subject: 'redirect-thief', redirectUrl })
      expect(login.response.status).toBe(400)
      expect(login.response.headers.get('location')).toBeNull()
      expect(login.body).toContain('Sign-in failed')
    }
  })

  test('error: an expired requestKey is refused', async () => {
    testbed.idp.accounts.set('late', { email: 'late@example.com', email_verified: true })
    try {
      const login = await testbed.login({
        subject: 'late',
        beforeProvider: () => {
          clockOffsetMs = 10 * 60 * 1000 + 1000
        },
      })
      refusedWith(login, /expired or already used/)
    } finally {
      clockOffsetMs = 0
    }
  })
})
