import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { App } from '../../apps/App.js'
import { toApp } from '../../apps/toApp.js'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createTestServer, type TestServer } from '../../test/createTestServer.js'
import { findUserByEmail } from '../../users/findUserByEmail.js'
import { type FindOrCreateOauthUserParameters, findOrCreateOauthUser } from './findOrCreateOauthUser.js'

describe.each(storeDialects)('findOrCreateOauthUser on %s', (dialect) => {
  let server: TestServer
  let app: App
  beforeAll(async () => {
    server = await createTestServer(dialect)
    app = toApp(
      await server.store.db
        .selectFrom('apps')
        .selectAll()
        .where('id', '=', server.signerApp.appId)
        .executeTakeFirstOrThrow(),
    )
  })
  afterAll(() => server.cleanup())

  const login = (subject: string, fields: Partial<FindOrCreateOauthUserParameters>) =>
    findOrCreateOauthUser(server.app.sigil, {
      app,
      providerName: 'google',
      trustEmailVerified: true,
      issuer: 'https://accounts.google.com',
      subject,
      audience: 'client',
      ...fields,
    })
  const emailOf = async (userId: string) =>
    (
      await server.store.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).email

  test('default: a trusted verified email makes a user that holds the email, and a second account of the provider links to it', async () => {
    const first = await login('g-1', { email: 'Ada@Example.com', emailVerified: true })
    expect(first.isSignup).toBe(true)
    expect(await findUserByEmail(server.app.sigil, app, 'ada@example.com')).toEqual({
      organizationId: first.organizationId,
      userId: first.userId,
    })
    const second = await login('g-2', { email: 'ada@example.com', emailVerified: true })
    expect(second).toEqual({ ...first, isSignup: false })
    expect(await login('g-2', {})).toEqual({ ...first, isSignup: false })
  })

  test('behavior: two trusted logins for one new email racing end on one user (the database decides)', async () => {
    const results = await Promise.all(
      ['race-1', 'race-2', 'race-3'].map((subject) =>
        login(subject, { email: 'race@example.com', emailVerified: true }),
      ),
    )
    expect(new Set(results.map((result) => result.userId)).size).toBe(1)
    expect(results.filter((result) => result.isSignup)).toHaveLength(1)
  })

  test('behavior: an untrusted provider makes a new user with the email unproven', async () => {
    await login('holder', { email: 'bea@example.com', emailVerified: true })
    const other = await login('corp-1', {
      providerName: 'corp',
      issuer: 'https://id.corp.example',
      trustEmailVerified: false,
      email: 'bea@example.com',
      emailVerified: true,
    })
    expect(other.isSignup).toBe(true)
    expect(await emailOf(other.userId)).toBe('bea@example.com')
    expect((await findUserByEmail(server.app.sigil, app, 'bea@example.com'))?.userId).not.toBe(other.userId)
  })

  test('behavior: the string "true" counts only from a provider that sends strings (Apple)', async () => {
    const google = await login('str-1', { email: 'str@example.com', emailVerified: 'true' })
    expect(await emailOf(google.userId)).toBeNull()
    expect(await findUserByEmail(server.app.sigil, app, 'str@example.com')).toBeUndefined()
    const apple = await login('str-2', {
      providerName: 'apple',
      issuer: 'https://appleid.apple.com',
      emailVerifiedAsString: true,
      email: 'str@example.com',
      emailVerified: 'true',
    })
    expect((await findUserByEmail(server.app.sigil, app, 'str@example.com'))?.userId).toBe(apple.userId)
  })
})
