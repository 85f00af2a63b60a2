import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import {
  createTestServer,
  generateTestKey,
  type TestKey,
  type TestServer,
} from '../../test/createTestServer.js'
import { createUserSubOrganization, type UserSubOrganization } from '../../test/createUserSubOrganization.js'
import { maxExpiringKeysPerUser } from '../credentials/prepareApiKeys.js'

/*
 * API keys of recent stamps are kept in memory (SQLite): every change of API keys must be seen by the
 * very next request. Each test uses a key first (so it is cached), changes keys, and uses it again.
 */
describe.each(storeDialects)('API-key cache on %s', (dialect) => {
  let server: TestServer
  let user: UserSubOrganization
  beforeAll(async () => {
    server = await createTestServer(dialect)
    user = await createUserSubOrganization(server, { email: 'cache@example.com', name: 'cache' })
  })
  afterAll(() => server.cleanup())

  const whoami = (organizationId: string, key: TestKey) =>
    server.post('/public/v1/query/whoami', { organizationId }, key)

  const createApiKeys = async (
    userId: string,
    organizationId: string,
    keys: TestKey[],
    expirationSeconds?: string,
  ) => {
    const response = await server.submit(
      'create_api_keys',
      'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      {
        userId,
        apiKeys: keys.map((key, index) => ({
          apiKeyName: `key ${index}`,
          publicKey: key.publicKey,
          curveType: 'API_KEY_CURVE_P256',
          ...(expirationSeconds ? { expirationSeconds } : {}),
        })),
      },
      { organizationId },
    )
    expect(response.status).toBe(200)
    return (
      (await response.json()) as { activity: { result: { createApiKeysResult: { apiKeyIds: string[] } } } }
    ).activity.result.createApiKeysResult.apiKeyIds
  }

  test('error: a deleted API key is refused at once', async () => {
    const key = generateTestKey()
    const [apiKeyId] = await createApiKeys(user.userId, user.organizationId, [key])
    expect((await whoami(user.organizationId, key)).status).toBe(200)
    expect((await whoami(user.organizationId, key)).status).toBe(200)

    const deleted = await server.submit(
      'delete_api_keys',
      'ACTIVITY_TYPE_DELETE_API_KEYS',
      { userId: user.userId, apiKeyIds: [apiKeyId] },
      { organizationId: user.organizationId, key: user.key },
    )
    expect(deleted.status).toBe(200)
    const refused = await whoami(user.organizationId, key)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ details: [{ turnkeyErrorCode: 'PUBLIC_KEY_NOT_FOUND' }] })
  })

  test('error: a key evicted by newer expiring keys of its user is refused at once', async () => {
    const oldest = generateTestKey()
    await createApiKeys(user.userId, user.organizationId, [oldest], '3600')
    expect((await whoami(user.organizationId, oldest)).status).toBe(200)
    const newer = Array.from({ length: maxExpiringKeysPerUser }, () => generateTestKey())
    await createApiKeys(user.userId, user.organizationId, newer, '3600')
    expect((await whoami(user.organizationId, newer[0]!)).status).toBe(200)
    expect((await whoami(user.organizationId, oldest)).status).toBe(401)
  })

  test('error: a cached key is refused as expired as soon as it expires', async () => {
    const key = await server.addApiKey({
      organizationId: user.organizationId,
      userId: user.userId,
      expirationSeconds: '60',
    })
    expect((await whoami(user.organizationId, key)).status).toBe(200)
    server.app.sigil.now = () => Date.now() + 61_000
    try {
      const response = await whoami(user.organizationId, key)
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ details: [{ turnkeyErrorCode: 'API_KEY_EXPIRED' }] })
    } finally {
      server.app.sigil.now = Date.now
    }
  })

  test('error: a key of one organization cannot be registered in a second one, and keeps acting in its own', async () => {
    const other = await createUserSubOrganization(server, { email: 'other@example.com', name: 'other' })
    const key = generateTestKey()
    await createApiKeys(user.userId, user.organizationId, [key])
    expect((await whoami(user.organizationId, key)).status).toBe(200)

    const refused = await server.submit(
      'create_api_keys',
      'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      {
        userId: other.userId,
        apiKeys: [{ apiKeyName: 'copy', publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256' }],
      },
      { organizationId: other.organizationId },
    )
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({
      code: 6,
      details: [{ turnkeyErrorCode: 'PUBLIC_KEY_ALREADY_REGISTERED' }],
    })
    expect((await whoami(other.organizationId, key)).status).toBe(403)
    const own = await whoami(server.rootOrganizationId, key)
    expect(await own.json()).toMatchObject({ organizationId: user.organizationId, userId: user.userId })
  })

  test('behavior: a key created in the store directly (another process, the CLI) is found at its first use', async () => {
    const key = generateTestKey()
    expect((await whoami(user.organizationId, key)).status).toBe(401)
    const added = await server.addApiKey({ organizationId: user.organizationId, userId: user.userId })
    expect((await whoami(user.organizationId, added)).status).toBe(200)
  })
})
