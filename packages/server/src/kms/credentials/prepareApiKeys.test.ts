import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiError } from '../../http/errors/ApiError.js'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createTestServer, generateTestKey, type TestServer } from '../../test/createTestServer.js'
import { createUserSubOrganization, type UserSubOrganization } from '../../test/createUserSubOrganization.js'
import { prepareApiKeys } from './prepareApiKeys.js'

describe.each(storeDialects)('prepareApiKeys on %s', (dialect) => {
  let server: TestServer
  let alice: UserSubOrganization
  let bob: UserSubOrganization
  beforeAll(async () => {
    server = await createTestServer(dialect)
    alice = await createUserSubOrganization(server, { email: 'alice@example.com', name: 'alice' })
    bob = await createUserSubOrganization(server, { email: 'bob@example.com', name: 'bob' })
  })
  afterAll(() => server.cleanup())

  const write = async (
    user: UserSubOrganization,
    publicKey: string,
    {
      name = 'key',
      expirationSeconds,
      now = Date.now(),
      stampedBy,
    }: {
      name?: string
      expirationSeconds?: string
      now?: number
      stampedBy?: { publicKey: string; curveType: string }
    } = {},
  ) => {
    const prepared = prepareApiKeys({
      organizationId: user.organizationId,
      userId: user.userId,
      now,
      stampedBy,
      apiKeys: [
        {
          apiKeyName: name,
          publicKey,
          curveType: 'API_KEY_CURVE_P256',
          ...(expirationSeconds ? { expirationSeconds } : {}),
        },
      ],
    })
    await server.store.db.transaction().execute((trx) => prepared.write(trx))
    return prepared.apiKeyIds[0]!
  }
  const rowsOf = (publicKey: string) =>
    server.store.db
      .selectFrom('api_keys')
      .select(['id', 'organization_id', 'name'])
      .where('public_key', '=', publicKey)
      .execute()
  const delegatedRowsOf = async (publicKey: string) =>
    (
      await server.store.db
        .selectFrom('api_keys')
        .select(['organization_id', 'delegated'])
        .where('public_key', '=', publicKey)
        .orderBy('delegated')
        .execute()
    ).map((row) => ({ organization_id: row.organization_id, delegated: Number(row.delegated) }))

  test('default: a new key is stored once', async () => {
    const key = generateTestKey()
    const id = await write(alice, key.publicKey)
    expect(await rowsOf(key.publicKey)).toEqual([{ id, organization_id: alice.organizationId, name: 'key' }])
  })

  test("behavior: the same user's key registered again replaces its row", async () => {
    const key = generateTestKey()
    await write(alice, key.publicKey, { name: 'first', expirationSeconds: '900' })
    const id = await write(alice, key.publicKey, { name: 'again', expirationSeconds: '900' })
    expect(await rowsOf(key.publicKey)).toEqual([
      { id, organization_id: alice.organizationId, name: 'again' },
    ])
  })

  test("behavior: an expired row of another user's is deleted, not blocking", async () => {
    const key = generateTestKey()
    await write(alice, key.publicKey, { expirationSeconds: '60', now: Date.now() - 120_000 })
    const id = await write(bob, key.publicKey)
    expect(await rowsOf(key.publicKey)).toEqual([{ id, organization_id: bob.organizationId, name: 'key' }])
  })

  test("error: a key live in another organization is refused with PUBLIC_KEY_ALREADY_REGISTERED and the owner's row stays", async () => {
    const key = generateTestKey()
    const id = await write(alice, key.publicKey, { expirationSeconds: '900' })
    const error = await write(bob, key.publicKey).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 409, errorCode: 'PUBLIC_KEY_ALREADY_REGISTERED' })
    expect(await rowsOf(key.publicKey)).toEqual([{ id, organization_id: alice.organizationId, name: 'key' }])
  })

  test('behavior: a request stamped by the key itself adds it to a second organization as a delegated row', async () => {
    const key = generateTestKey()
    await write(alice, key.publicKey)
    await write(bob, key.publicKey, {
      stampedBy: { publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256' },
    })
    expect(await delegatedRowsOf(key.publicKey)).toEqual([
      { organization_id: alice.organizationId, delegated: 0 },
      { organization_id: bob.organizationId, delegated: 1 },
    ])
  })

  test('error: a request stamped by another key cannot add a key that lives elsewhere, nor a second key of one curve', async () => {
    const key = generateTestKey()
    const other = generateTestKey()
    await write(alice, key.publicKey)
    await expect(
      write(bob, key.publicKey, {
        stampedBy: { publicKey: other.publicKey, curveType: 'API_KEY_CURVE_P256' },
      }),
    ).rejects.toMatchObject({ status: 409, errorCode: 'PUBLIC_KEY_ALREADY_REGISTERED' })
    // The right key but named for another curve is no proof either.
    await expect(
      write(bob, key.publicKey, {
        stampedBy: { publicKey: key.publicKey, curveType: 'API_KEY_CURVE_SECP256K1' },
      }),
    ).rejects.toMatchObject({ errorCode: 'PUBLIC_KEY_ALREADY_REGISTERED' })
    expect(await delegatedRowsOf(key.publicKey)).toEqual([
      { organization_id: alice.organizationId, delegated: 0 },
    ])
  })

  test('error: two concurrent registrations of one key for two users: exactly one wins', async () => {
    const key = generateTestKey()
    const results = await Promise.allSettled([write(alice, key.publicKey), write(bob, key.publicKey)])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const [refused] = results.filter((result) => result.status === 'rejected')
    expect((refused as PromiseRejectedResult).reason).toMatchObject({
      errorCode: 'PUBLIC_KEY_ALREADY_REGISTERED',
    })
    expect(await rowsOf(key.publicKey)).toHaveLength(1)
  })

  test('error: a key generated just now (session keys) that is live elsewhere is still refused by the index', async () => {
    const key = generateTestKey()
    await write(alice, key.publicKey)
    const { write: generated } = prepareApiKeys({
      organizationId: bob.organizationId,
      userId: bob.userId,
      now: Date.now(),
      generatedNow: true,
      apiKeys: [{ apiKeyName: 'session', publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256' }],
    })
    await expect(server.store.db.transaction().execute((trx) => generated(trx))).rejects.toMatchObject({
      errorCode: 'PUBLIC_KEY_ALREADY_REGISTERED',
    })
  })

  test('error: the same key twice in one request is a 400', () => {
    const { publicKey } = generateTestKey()
    const apiKey = { apiKeyName: 'key', publicKey, curveType: 'API_KEY_CURVE_P256' as const }
    expect(() =>
      prepareApiKeys({
        organizationId: 'o',
        userId: 'u',
        now: 0,
        apiKeys: [apiKey, { ...apiKey, apiKeyName: 'copy' }],
      }),
    ).toThrow(expect.objectContaining({ status: 400, errorCode: 'REQUEST_INVALID' }))
  })

  test("error: a passkey's public key in another organization is refused as an API key", async () => {
    const { publicKey } = generateTestKey()
    await server.store.db
      .insertInto('authenticators')
      .values({
        id: `auth_${publicKey.slice(2, 14)}`,
        organization_id: alice.organizationId,
        user_id: alice.userId,
        name: 'passkey',
        credential_id: publicKey.slice(2, 24),
        cose_public_key: 'AQ',
        public_key: publicKey,
        counter: 0,
        transports: '[]',
        aaguid: '00000000-0000-0000-0000-000000000000',
        attestation_type: 'none',
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute()
    await expect(write(bob, publicKey)).rejects.toMatchObject({ errorCode: 'PUBLIC_KEY_ALREADY_REGISTERED' })
    // Its own organization may hold it as an API key too.
    await write(alice, publicKey)
  })
})
