import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadOauthProviders } from './loadOauthProviders.js'

describe('loadOauthProviders', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sigil-oauth-config-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  const writeConfig = async (name: string, json: unknown) => {
    const file = join(dir, name)
    await writeFile(file, typeof json === 'string' ? json : JSON.stringify(json))
    return file
  }

  test('default: known providers from the environment get their issuer', () => {
    const providers = loadOauthProviders({
      cwd: dir,
      env: {
        SIGIL_OAUTH_GOOGLE_CLIENT_ID: 'google-client',
        SIGIL_OAUTH_GOOGLE_CLIENT_SECRET: 'google-secret',
        SIGIL_OAUTH_APPLE_CLIENT_ID: 'com.example.web',
        SIGIL_OAUTH_APPLE_CLIENT_SECRET: 'apple-jwt',
        SIGIL_OAUTH_FACEBOOK_CLIENT_ID: 'fb',
        SIGIL_OAUTH_TWITCH_CLIENT_ID: 'tw',
        SIGIL_OAUTH_AUTH0_ISSUER: 'https://tenant.auth0.com/',
        SIGIL_OAUTH_AUTH0_CLIENT_ID: 'a0',
      },
    })
    expect(providers.map(({ id, issuer, isCustomProvider }) => ({ id, issuer, isCustomProvider }))).toEqual([
      { id: 'google', issuer: 'https://accounts.google.com', isCustomProvider: false },
      { id: 'apple', issuer: 'https://appleid.apple.com', isCustomProvider: false },
      { id: 'facebook', issuer: 'https://www.facebook.com', isCustomProvider: false },
      { id: 'twitch', issuer: 'https://id.twitch.tv/oauth2', isCustomProvider: false },
      { id: 'auth0', issuer: 'https://tenant.auth0.com/', isCustomProvider: false },
    ])
    expect(providers[0]).toMatchObject({
      clientId: 'google-client',
      clientSecret: 'google-secret',
      tokenEndpointAuthMethod: 'client_secret_post',
      authEndpointParameters: {},
    })
    expect(providers[1]?.authEndpointParameters).toEqual({ response_mode: 'form_post' })
    expect(providers[2]?.tokenEndpointAuthMethod).toBe('none')
  })

  test('behavior: the config file is read, and the environment completes it by id', async () => {
    const configFile = await writeConfig('sigil.json', {
      oauthProviders: [
        { id: 'google', clientId: 'from-file' },
        { id: 'my-idp', issuer: 'https://id.example.com', clientId: 'corp', scope: 'openid email profile' },
      ],
    })
    const providers = loadOauthProviders({
      configFile,
      env: { SIGIL_OAUTH_GOOGLE_CLIENT_SECRET: 'from-env', SIGIL_OAUTH_MY_IDP_CLIENT_SECRET: 'corp-secret' },
    })
    expect(providers).toEqual([
      expect.objectContaining({ id: 'google', clientId: 'from-file', clientSecret: 'from-env' }),
      expect.objectContaining({
        id: 'my-idp',
        isCustomProvider: true,
        issuer: 'https://id.example.com',
        clientSecret: 'corp-secret',
        scope: 'openid email profile',
      }),
    ])
  })

  test('behavior: ./sigil.config.json in the working folder is read when no file is named', async () => {
    await writeConfig('sigil.config.json', { oauthProviders: [{ id: 'twitch', clientId: 'tw' }] })
    expect(loadOauthProviders({ cwd: dir, env: {} }).map(({ id }) => id)).toEqual(['twitch'])
    await rm(join(dir, 'sigil.config.json'))
    expect(loadOauthProviders({ cwd: dir, env: {} })).toEqual([])
  })

  test('behavior: providers passed in code win over the file and the environment', async () => {
    const configFile = await writeConfig('ignored.json', {
      oauthProviders: [{ id: 'google', clientId: 'file' }],
    })
    const providers = loadOauthProviders({
      configFile,
      env: { SIGIL_OAUTH_APPLE_CLIENT_ID: 'env' },
      providers: [{ id: 'local', issuer: 'http://127.0.0.1:4000', clientId: 'test' }],
    })
    expect(providers).toEqual([
      {
        id: 'local',
        issuer: 'http://127.0.0.1:4000',
        clientId: 'test',
        clientSecret: undefined,
        isCustomProvider: true,
        scope: undefined,
        authEndpoint: undefined,
        tokenEndpointAuthMethod: 'none',
        authEndpointParameters: {},
        trustEmailVerified: false,
        emailVerifiedAsString: false,
      },
    ])
  })

  test('behavior: email_verified is trusted by default only from google and apple at their own issuers', () => {
    const providers = loadOauthProviders({
      providers: [
        { id: 'google', clientId: 'g' },
        { id: 'apple', clientId: 'a' },
        { id: 'facebook', clientId: 'f' },
        { id: 'twitch', clientId: 't' },
        { id: 'auth0', issuer: 'https://tenant.auth0.com/', clientId: 'a0' },
        { id: 'corp', issuer: 'https://id.corp.example', clientId: 'c' },
        { id: 'google', isCustomProvider: true, issuer: 'https://id.example.com', clientId: 'x' },
      ],
    })
    expect(
      providers.map(({ id, trustEmailVerified, emailVerifiedAsString }) => ({
        id,
        trustEmailVerified,
        emailVerifiedAsString,
      })),
    ).toEqual([
      { id: 'google', trustEmailVerified: true, emailVerifiedAsString: false },
      { id: 'apple', trustEmailVerified: true, emailVerifiedAsString: true },
      { id: 'facebook', trustEmailVerified: false, emailVerifiedAsString: false },
      { id: 'twitch', trustEmailVerified: false, emailVerifiedAsString: false },
      { id: 'auth0', trustEmailVerified: false, emailVerifiedAsString: false },
      { id: 'corp', trustEmailVerified: false, emailVerifiedAsString: false },
      { id: 'google', trustEmailVerified: false, emailVerifiedAsString: false },
    ])
    const [elsewhere] = loadOauthProviders({
      providers: [{ id: 'apple', issuer: 'https://apple.example', clientId: 'a' }],
    })
    expect(elsewhere?.trustEmailVerified).toBe(false)
  })

  test('behavior: trustEmailVerified is set in the file or by SIGIL_OAUTH_<ID>_TRUST_EMAIL_VERIFIED', async () => {
    const configFile = await writeConfig('trust.json', {
      oauthProviders: [
        { id: 'corp', issuer: 'https://id.corp.example', clientId: 'c', trustEmailVerified: true },
        { id: 'google', clientId: 'g' },
      ],
    })
    const providers = loadOauthProviders({
      configFile,
      env: { SIGIL_OAUTH_GOOGLE_TRUST_EMAIL_VERIFIED: 'false' },
    })
    expect(providers.map(({ id, trustEmailVerified }) => ({ id, trustEmailVerified }))).toEqual([
      { id: 'corp', trustEmailVerified: true },
      { id: 'google', trustEmailVerified: false },
    ])
    expect(() =>
      loadOauthProviders({ configFile, env: { SIGIL_OAUTH_CORP_TRUST_EMAIL_VERIFIED: 'yes' } }),
    ).toThrow('SIGIL_OAUTH_CORP_TRUST_EMAIL_VERIFIED must be true or false')
  })

  test('behavior: a known id may be declared custom (then it needs an issuer)', () => {
    const [provider] = loadOauthProviders({
      providers: [{ id: 'google', isCustomProvider: true, issuer: 'https://id.example.com', clientId: 'x' }],
    })
    expect(provider).toMatchObject({ id: 'google', isCustomProvider: true, issuer: 'https://id.example.com' })
  })

  test('error: bad entries are refused with a readable message', async () => {
    const cases: [unknown[], RegExp][] = [
      [[{ id: 'auth0', clientId: 'x' }], /auth0 needs an issuer, your tenant URL/],
      [[{ id: 'corp', clientId: 'x' }], /issuer is required for a custom OIDC provider/],
      [[{ id: 'corp', issuer: 'http://id.example.com', clientId: 'x' }], /issuer must be an https URL/],
      [[{ id: 'google' }], /clientId/],
      [[{ id: 'bad id!', clientId: 'x' }], /id must be/],
      [
        [
          { id: 'google', clientId: 'a' },
          { id: 'google', clientId: 'b' },
        ],
        /configured twice/,
      ],
      [
        [{ id: 'google', clientId: 'a', tokenEndpointAuthMethod: 'private_key_jwt' }],
        /tokenEndpointAuthMethod/,
      ],
    ]
    for (const [providers, message] of cases)
      expect(() => loadOauthProviders({ providers: providers as never })).toThrow(message)
    expect(() =>
      loadOauthProviders({ env: { SIGIL_OAUTH_CORP_ISSUER: 'https://id.example.com' }, cwd: dir }),
    ).toThrow(/oauthProviders\[0\] \(corp\): clientId/)
    expect(() => loadOauthProviders({ configFile: join(dir, 'missing.json') })).toThrow(
      /cannot read the config file/,
    )
    const notJson = await writeConfig('broken.json', '{')
    expect(() => loadOauthProviders({ configFile: notJson })).toThrow(/cannot read the config file/)
    const notArray = await writeConfig('object.json', { oauthProviders: {} })
    expect(() => loadOauthProviders({ configFile: notArray })).toThrow(/oauthProviders must be an array/)
  })
})
