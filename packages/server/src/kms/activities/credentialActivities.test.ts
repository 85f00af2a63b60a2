import { base64urlEncode } from '@sigil/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createSoftwarePasskey } from '../../test/createSoftwarePasskey.js'
import { createTestServer, generateTestKey, type TestServer } from '../../test/createTestServer.js'
import { createUserSubOrganization, type UserSubOrganization } from '../../test/createUserSubOrganization.js'

const origin = 'http://localhost:5173'

describe.each(storeDialects)('credential activities on %s', (dialect) => {
  let server: TestServer
  let user: UserSubOrganization
  beforeAll(async () => {
    server = await createTestServer(dialect)
    user = await createUserSubOrganization(server)
  })
  afterAll(() => server.cleanup())

  const submit = (name: string, type: string, parameters: unknown) =>
    server.submit(name, type, parameters, { organizationId: user.organizationId, key: user.key })
  const apiKeysOf = async () => {
    const response = await server.post(
      '/public/v1/query/get_api_keys',
      { organizationId: user.organizationId, userId: user.userId },
      user.key,
    )
    return (
      (await response.json()) as {
        apiKeys: {
          apiKeyId: string
          apiKeyName: string
          expirationSeconds?: string
          credential: { publicKey: string; type: string }
        }[]
      }
    ).apiKeys
  }

  test('default: create_api_keys adds a key that can then stamp; delete_api_keys removes it', async () => {
    const key = generateTestKey()
    const created = await submit('create_api_keys', 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', {
      userId: user.userId,
      apiKeys: [
        {
          apiKeyName: 'laptop',
          publicKey: key.publicKey,
          curveType: 'API_KEY_CURVE_P256',
          expirationSeconds: '3600',
        },
      ],
    })
    expect(created.status).toBe(200)
    const { activity } = (await created.json()) as {
      activity: { result: { createApiKeysResult: { apiKeyIds: string[] } } }
    }
    const [apiKeyId] = activity.result.createApiKeysResult.apiKeyIds
    expect(await apiKeysOf()).toContainEqual(
      expect.objectContaining({
        apiKeyId,
        apiKeyName: 'laptop',
        expirationSeconds: '3600',
        credential: { publicKey: key.publicKey, type: 'CREDENTIAL_TYPE_API_KEY_P256' },
      }),
    )
    const whoami = await server.post('/public/v1/query/whoami', { organizationId: user.organizationId }, key)
    expect(whoami.status).toBe(200)

    const deleted = await submit('delete_api_keys', 'ACTIVITY_TYPE_DELETE_API_KEYS', {
      userId: user.userId,
      apiKeyIds: [apiKeyId],
    })
    expect(deleted.status).toBe(200)
    expect(
      (await server.post('/public/v1/query/whoami', { organizationId: user.organizationId }, key)).status,
    ).toBe(401)
  })

  test('behavior: an uncompressed public key is stored compressed', async () => {
    const key = generateTestKey()
    const { p256 } = await import('@noble/curves/nist.js')
    const uncompressed = Buffer.from(p256.Point.fromHex(key.publicKey).toBytes(false)).toString('hex')
    const response = await submit('create_api_keys', 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', {
      userId: user.userId,
      apiKeys: [{ apiKeyName: 'uncompressed', publicKey: uncompressed, curveType: 'API_KEY_CURVE_P256' }],
    })
    expect(response.status).toBe(200)
    expect(
      (await apiKeysOf()).find((apiKey) => apiKey.apiKeyName === 'uncompressed')?.credential.publicKey,
    ).toBe(key.publicKey)
  })

  test('behavior: a user keeps at most 10 expiring keys, the oldest are evicted', async () => {
    for (let index = 0; index < 12; index++) {
      const response = await submit('create_api_keys', 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', {
        userId: user.userId,
        apiKeys: [
          {
            apiKeyName: `session ${index}`,
            publicKey: generateTestKey().publicKey,
            curveType: 'API_KEY_CURVE_P256',
            expirationSeconds: '900',
          },
        ],
      })
      expect(response.status).toBe(200)
    }
    const expiring = (await apiKeysOf()).filter((apiKey) => apiKey.expirationSeconds)
    expect(expiring).toHaveLength(10)
    expect(expiring.some((apiKey) => apiKey.apiKeyName === 'session 0')).toBe(false)
    expect(expiring.some((apiKey) => apiKey.apiKeyName === 'session 11')).toBe(true)
  })

  test('error: an invalid public key is a 400 naming the field', async () => {
    const response = await submit('create_api_keys', 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', {
      userId: user.userId,
      apiKeys: [{ apiKeyName: 'bad', publicKey: `02${'ff'.repeat(32)}`, curveType: 'API_KEY_CURVE_P256' }],
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 3, message: 'invalid API_KEY_CURVE_P256 public key' })
  })

  test('error: keys for a user of another organization are refused', async () => {
    const response = await submit('create_api_keys', 'ACTIVITY_TYPE_CREATE_API_KEYS_V2', {
      userId: server.rootUserId,
      apiKeys: [
        { apiKeyName: 'sneaky', publicKey: generateTestKey().publicKey, curveType: 'API_KEY_CURVE_P256' },
      ],
    })
    expect(response.status).toBe(404)
  })

  test('behavior: create_authenticators registers a passkey whose X-Stamp-Webauthn then authenticates', async () => {
    const passkey = createSoftwarePasskey({ rpId: 'localhost', origin })
    const challenge = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))
    const response = await submit('create_authenticators', 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2', {
      userId: user.userId,
      authenticators: [
        { authenticatorName: 'passkey 1', challenge, attestation: passkey.register(challenge) },
      ],
    })
    expect(response.status).toBe(200)
    const listed = await server.post(
      '/public/v1/query/get_authenticators',
      { organizationId: user.organizationId, userId: user.userId },
      user.key,
    )
    const { authenticators } = (await listed.json()) as {
      authenticators: {
        credentialId: string
        authenticatorName: string
        credential: { publicKey: string; type: string }
      }[]
    }
    expect(authenticators).toEqual([
      expect.objectContaining({
        credentialId: passkey.credentialId,
        authenticatorName: 'passkey 1',
        credential: {
          publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/),
          type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
        },
      }),
    ])

    const body = JSON.stringify({ organizationId: server.rootOrganizationId })
    const stamped = (header: string) =>
      server.app.request('/public/v1/query/whoami', {
        method: 'POST',
        body,
        headers: { 'X-Stamp-Webauthn': header },
      })
    const ok = await stamped(passkey.stamp(body))
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ organizationId: user.organizationId, userId: user.userId })
    expect((await stamped(passkey.stamp(body, { origin: 'https://evil.example' }))).status).toBe(401)
    expect((await stamped(passkey.stamp(body, { challenge: base64urlEncode('0'.repeat(64)) }))).status).toBe(
      401,
    )
  })

  test('error: an attestation for another challenge is refused', async () => {
    const passkey = createSoftwarePasskey({ rpId: 'localhost', origin })
    const response = await submit('create_authenticators', 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2', {
      userId: user.userId,
      authenticators: [
        { authenticatorName: 'passkey 2', challenge: 'expected', attestation: passkey.register('other') },
      ],
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { message: string }).message).toBe(
      'invalid passkey attestation for authenticator 0',
    )
  })

  test('behavior: a key made by an expiring key keeps a shorter expiry it asked for, and is capped otherwise', async () => {
    const session = await server.addApiKey({
      organizationId: user.organizationId,
      userId: user.userId,
      expirationSeconds: '600',
    })
    const shorter = generateTestKey()
    const longer = generateTestKey()
    const created = await server.submit(
      'create_api_keys',
      'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      {
        userId: user.userId,
        apiKeys: [
          {
            apiKeyName: 'short',
            publicKey: shorter.publicKey,
            curveType: 'API_KEY_CURVE_P256',
            expirationSeconds: '60',
          },
          {
            apiKeyName: 'long',
            publicKey: longer.publicKey,
            curveType: 'API_KEY_CURVE_P256',
            expirationSeconds: '7200',
          },
        ],
      },
      { organizationId: user.organizationId, key: session },
    )
    expect(created.status).toBe(200)
    const { activity } = (await created.json()) as {
      activity: { intent: { createApiKeysIntentV2: { apiKeys: { expirationSeconds: string }[] } } }
    }
    const [short, long] = activity.intent.createApiKeysIntentV2.apiKeys
    expect(short?.expirationSeconds).toBe('60')
    expect(Number(long?.expirationSeconds)).toBeGreaterThan(590)
    expect(Number(long?.expirationSeconds)).toBeLessThanOrEqual(600)
    const stored = await apiKeysOf()
    expect(stored.find((apiKey) => apiKey.apiKeyName === 'long')?.expirationSeconds).toBe(
      long?.expirationSeconds,
    )
  })

  test('error: an expiring key with less than a second left cannot create keys', async () => {
    const session = await server.addApiKey({
      organizationId: user.organizationId,
      userId: user.userId,
      expirationSeconds: '60',
    })
    const realNow = server.app.sigil.now
    server.app.sigil.now = () => realNow() + 59_500
    try {
      const response = await server.submit(
        'create_api_keys',
        'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
        {
          userId: user.userId,
          apiKeys: [
            { apiKeyName: 'late', publicKey: generateTestKey().publicKey, curveType: 'API_KEY_CURVE_P256' },
          ],
        },
        { organizationId: user.organizationId, key: session, timestampMs: String(server.app.sigil.now()) },
      )
      expect(response.status).toBe(401)
      expect(((await response.json()) as { message: string }).message).toBe('expired api key')
    } finally {
      server.app.sigil.now = realNow
    }
  })
})
