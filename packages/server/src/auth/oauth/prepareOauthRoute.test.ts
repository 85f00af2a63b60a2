import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encodeOauthState, getOauthNonce } from '@sigil/protocol'
import { calculatePKCECodeChallenge } from 'openid-client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createTargetKey } from '../../test/createTargetKey.js'
import { createTestServer, testAppOrigin } from '../../test/createTestServer.js'
import { type OauthTestbed, startOauthTestbed } from './test/startOauthTestbed.js'

/** An http URL of 127.0.0.1 where nothing listens. */
async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

describe.each(storeDialects)('prepare-oauth on %s', (dialect) => {
  let testbed: OauthTestbed
  beforeAll(async () => {
    testbed = await startOauthTestbed(dialect)
  })
  afterAll(() => testbed.close())

  test('default: answers the S256 challenge of a sealed server-side verifier, a requestKey and the providers', async () => {
    const nonce = getOauthNonce(createTargetKey().publicKey)
    const before = Date.now()
    const response = await testbed.server.signer('/v1/prepare-oauth', { nonce })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const answer = (await response.json()) as Awaited<ReturnType<OauthTestbed['prepare']>>
    expect(answer.codeChallenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(answer.requestKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(answer.authProviders).toEqual([
      { id: 'auth0', clientId: 'sigil-app', authEndpoint: `${testbed.idp.issuer}/auth` },
      {
        id: 'apple',
        clientId: 'sigil-app',
        authEndpoint: `${testbed.idp.issuer}/auth?response_mode=form_post`,
      },
      {
        id: 'corp',
        isCustomProvider: true,
        clientId: 'sigil-basic',
        authEndpoint: `${testbed.idp.issuer}/auth`,
      },
    ])

    const row = await testbed.server.store.db
      .selectFrom('oauth_requests')
      .selectAll()
      .where('id', '=', answer.requestKey)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ app_id: testbed.server.signerApp.appId, nonce, used_at: null })
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(10 * 60 * 1000)
    expect(Number(row.created_at)).toBeGreaterThanOrEqual(before)
    const verifier = new TextDecoder().decode(
      testbed.server.app.sigil.vault.open(row.sealed_code_verifier, `oauth_request:${answer.requestKey}`),
    )
    expect(row.sealed_code_verifier).not.toContain(verifier)
    expect(await calculatePKCECodeChallenge(verifier)).toBe(answer.codeChallenge)
    expect(() =>
      testbed.server.app.sigil.vault.open(row.sealed_code_verifier, 'oauth_request:other'),
    ).toThrow()
  })

  test('behavior: an app that offers only some providers lists only those', async () => {
    const { createApp } = await import('../../apps/createApp.js')
    const { apiKey } = await createApp(testbed.server.store.db, {
      name: 'corp only',
      origins: ['https://corp.example'],
      oauthProviderIds: ['corp'],
      now: Date.now(),
    })
    const response = await testbed.server.signer(
      '/v1/prepare-oauth',
      { nonce: getOauthNonce(createTargetKey().publicKey) },
      { authorization: `Bearer ${apiKey}` },
    )
    const { authProviders } = (await response.json()) as { authProviders: { id: string }[] }
    expect(authProviders.map((provider) => provider.id)).toEqual(['corp'])
  })

  test('behavior: every call gives a new requestKey and challenge', async () => {
    const nonce = getOauthNonce(createTargetKey().publicKey)
    const [first, second] = await Promise.all([testbed.prepare(nonce), testbed.prepare(nonce)])
    expect(first.requestKey).not.toBe(second.requestKey)
    expect(first.codeChallenge).not.toBe(second.codeChallenge)
  })

  test('error: a nonce that is not the lowercase hex SHA-256 is refused', async () => {
    for (const nonce of ['', 'abc', `0x${'a'.repeat(64)}`, 'A'.repeat(64)]) {
      const response = await testbed.server.signer('/v1/prepare-oauth', { nonce })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'REQUEST_INVALID' })
    }
  })

  test('error: without an app key or an allowed origin', async () => {
    const response = await testbed.server.signer(
      '/v1/prepare-oauth',
      { nonce: 'a'.repeat(64) },
      { origin: 'https://evil.example' },
    )
    expect(response.status).toBe(403)
  })
})

describe.each(storeDialects)('prepare-oauth with providers that cannot be reached on %s', (dialect) => {
  test('behavior: no provider configured gives an empty list', async () => {
    const server = await createTestServer(dialect, { oauthProviders: [] })
    try {
      const response = await server.signer('/v1/prepare-oauth', { nonce: 'a'.repeat(64) })
      expect(await response.json()).toMatchObject({ authProviders: [] })
    } finally {
      await server.cleanup()
    }
  })

  test('behavior: a configured authEndpoint is used as is, without discovery', async () => {
    const server = await createTestServer(dialect, {
      oauthProviders: [
        { id: 'google', clientId: 'g', authEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth' },
      ],
    })
    try {
      const response = await server.signer('/v1/prepare-oauth', { nonce: 'a'.repeat(64) })
      expect((await response.json()) as object).toMatchObject({
        authProviders: [
          { id: 'google', clientId: 'g', authEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth' },
        ],
      })
    } finally {
      await server.cleanup()
    }
  })

  test('error: a provider whose discovery fails is left out; the callback for it answers OAUTH_PROVIDER_UNAVAILABLE', async () => {
    const testbed = await startOauthTestbed(dialect)
    const down = await closedPortUrl()
    const server = await createTestServer(dialect, {
      oauthProviders: [
        { id: 'auth0', issuer: testbed.idp.issuer, clientId: 'sigil-app', clientSecret: 'sigil-secret' },
        { id: 'down', issuer: down, clientId: 'x' },
      ],
    })
    try {
      const target = createTargetKey()
      const response = await server.signer('/v1/prepare-oauth', { nonce: getOauthNonce(target.publicKey) })
      expect(response.status).toBe(200)
      const { requestKey, authProviders } = (await response.json()) as {
        requestKey: string
        authProviders: { id: string }[]
      }
      expect(authProviders.map(({ id }) => id)).toEqual(['auth0'])

      const state = encodeOauthState({
        authProviderId: 'down',
        isCustomProvider: true,
        requestKey,
        turnkeyPublicKey: target.publicKey,
        redirectUrl: `${testAppOrigin}/auth/return`,
      })
      const callback = await server.app.request(`/signer/v1/oauth/callback?code=abc&state=${state}`)
      expect(callback.status).toBe(302)
      const params = new URL(callback.headers.get('location')!).searchParams
      expect(params.get('alchemy-error')).toBe('OAuth provider down is not reachable')
    } finally {
      await server.cleanup()
      await testbed.close()
    }
  })

  test('error: when no provider can be reached, prepare-oauth answers OAUTH_PROVIDER_UNAVAILABLE', async () => {
    const server = await createTestServer(dialect, {
      oauthProviders: [{ id: 'auth0', issuer: await closedPortUrl(), clientId: 'x' }],
    })
    try {
      const response = await server.signer('/v1/prepare-oauth', { nonce: 'a'.repeat(64) })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        error: 'OAuth provider auth0 is not reachable',
        code: 'OAUTH_PROVIDER_UNAVAILABLE',
      })
    } finally {
      await server.cleanup()
    }
  })
})
