import { base64urlEncode, createApiKeyStamp } from '@sigil/protocol'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createSoftwarePasskey } from '../../src/test/createSoftwarePasskey.js'
import { createTargetKey } from '../../src/test/createTargetKey.js'
import {
  createTestServer,
  generateTestKey,
  type TestKey,
  type TestServer,
  testAppOrigin,
} from '../../src/test/createTestServer.js'
import {
  createUserSubOrganization,
  type UserSubOrganization,
} from '../../src/test/createUserSubOrganization.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'
import { mintSessionBundle } from '../../src/users/mintSessionBundle.js'

/**
 * Hole 8, sessions: a 15-minute session key (what every email, OTP and OAuth sign-in mints) added an
 * API key without expiry, so a stolen session became a permanent credential. Keys created from an
 * expiring key now expire no later than it; a long-lived credential (a passkey, an API key without
 * expiry) still creates keys without expiry, and a session may still add a passkey (Account Kit's
 * add-passkey flow). The sign-out side (the SDK deleting its session key) is replayed in
 * `packages/signer/src/actions/disconnect.test.ts`; the server half is here.
 */

const sessionSeconds = 900

describe.each(storeDialects)('sessions on %s', (dialect) => {
  let server: TestServer
  let listener: LocalListener
  let user: UserSubOrganization
  beforeAll(async () => {
    server = await createTestServer(dialect)
    listener = await serveOnLocalPort(server.app)
    user = await createUserSubOrganization(server, { email: 'session@example.com' })
  })
  afterAll(async () => {
    await listener?.close()
    await server?.cleanup()
  })
  const realNow = () => Date.now()
  afterEach(() => {
    server.app.sigil.now = realNow
  })

  /** A sign-in's session key: minted as `/v1/otp` does, opened from its credential bundle. */
  const signIn = async (organizationId: string, userId: string) => {
    const target = createTargetKey()
    const { credentialBundle, apiKeyId, expiresAt } = await mintSessionBundle(server.app.sigil, {
      organizationId,
      userId,
      targetPublicKey: target.publicKey,
      expirationSeconds: sessionSeconds,
      credentialType: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
    })
    return { key: await target.open(credentialBundle), apiKeyId, expiresAt }
  }
  const post = async (path: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${listener.url}${path}`, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    })
  const postStamped = async (path: string, body: unknown, key: TestKey) => {
    const text = JSON.stringify(body)
    const stamp = await createApiKeyStamp({ body: text, privateKey: key.privateKey })
    return post(path, text, { [stamp.stampHeaderName]: stamp.stampHeaderValue })
  }
  const envelope = (type: string, organizationId: string, parameters: unknown) => ({
    type,
    timestampMs: String(server.app.sigil.now()),
    organizationId,
    parameters,
  })
  const createApiKeys = async (
    stamp: (text: string) => Promise<Record<string, string>>,
    apiKeys: unknown[],
  ) => {
    const text = JSON.stringify(
      envelope('ACTIVITY_TYPE_CREATE_API_KEYS_V2', user.organizationId, { userId: user.userId, apiKeys }),
    )
    const response = await post('/public/v1/submit/create_api_keys', text, await stamp(text))
    const body = (await response.json()) as {
      activity: {
        intent: { createApiKeysIntentV2: { apiKeys: { expirationSeconds?: string }[] } }
        result: { createApiKeysResult: { apiKeyIds: string[] } }
      }
    }
    expect(response.status, JSON.stringify(body)).toBe(200)
    return body.activity
  }
  const withKey = (key: TestKey) => async (text: string) => {
    const stamp = await createApiKeyStamp({ body: text, privateKey: key.privateKey })
    return { [stamp.stampHeaderName]: stamp.stampHeaderValue }
  }
  const storedKeys = (ids: string[]) =>
    server.store.db
      .selectFrom('api_keys')
      .select(['id', 'expiration_seconds', 'expires_at'])
      .where('id', 'in', ids)
      .execute()
  const whoami = (key: TestKey, organizationId = user.organizationId) =>
    postStamped('/public/v1/query/whoami', { organizationId }, key)
  const turnkeyErrorCode = async (response: Response) =>
    ((await response.json()) as { details: { turnkeyErrorCode?: string }[] }).details[0]?.turnkeyErrorCode
  const keyParams = (key: TestKey, extra: Record<string, string> = {}) => ({
    apiKeyName: `key ${key.publicKey.slice(0, 8)}`,
    publicKey: key.publicKey,
    curveType: 'API_KEY_CURVE_P256',
    ...extra,
  })

  test('error: hole 8 — an API key added by a 15-minute session expires with the session', async () => {
    const session = await signIn(user.organizationId, user.userId)
    const forever = generateTestKey()
    const yearLong = generateTestKey()
    const activity = await createApiKeys(withKey(session.key), [
      keyParams(forever),
      keyParams(yearLong, { expirationSeconds: '31536000' }),
    ])

    // The activity and the stored keys say what was done: both keys end with the session.
    const intentSeconds = activity.intent.createApiKeysIntentV2.apiKeys.map((key) =>
      Number(key.expirationSeconds),
    )
    for (const seconds of intentSeconds) {
      expect(seconds).toBeGreaterThan(sessionSeconds - 60)
      expect(seconds).toBeLessThanOrEqual(sessionSeconds)
    }
    const rows = await storedKeys(activity.result.createApiKeysResult.apiKeyIds)
    expect(rows).toHaveLength(2)
    for (const row of rows) {
      expect(row.expires_at).not.toBeNull()
      expect(Number(row.expires_at)).toBeLessThanOrEqual(session.expiresAt)
      expect(intentSeconds).toContain(Number(row.expiration_seconds))
    }

    expect((await whoami(forever)).status).toBe(200)
    server.app.sigil.now = () => session.expiresAt + 1_000
    for (const key of [session.key, forever, yearLong]) {
      const response = await whoami(key)
      expect(response.status).toBe(401)
      expect(await turnkeyErrorCode(response)).toBe('API_KEY_EXPIRED')
    }
  })

  test('error: hole 8 — a root-organization session gives the root users of a sub-organization it creates no longer than itself', async () => {
    const session = await signIn(server.rootOrganizationId, server.rootUserId)
    const rootUserKey = generateTestKey()
    const response = await postStamped(
      '/public/v1/submit/create_sub_organization',
      envelope('ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7', server.rootOrganizationId, {
        subOrganizationName: 'made from a session',
        rootUsers: [
          { userName: 'u', apiKeys: [keyParams(rootUserKey)], authenticators: [], oauthProviders: [] },
        ],
        rootQuorumThreshold: 1,
      }),
      session.key,
    )
    expect(response.status).toBe(200)
    const { activity } = (await response.json()) as {
      activity: { result: { createSubOrganizationResultV7: { subOrganizationId: string } } }
    }
    const subOrganizationId = activity.result.createSubOrganizationResultV7.subOrganizationId
    const [row] = await server.store.db
      .selectFrom('api_keys')
      .select(['expires_at'])
      .where('organization_id', '=', subOrganizationId)
      .execute()
    expect(Number(row?.expires_at)).toBeLessThanOrEqual(session.expiresAt)

    server.app.sigil.now = () => session.expiresAt + 1_000
    const refused = await whoami(rootUserKey, subOrganizationId)
    expect(refused.status).toBe(401)
    expect(await turnkeyErrorCode(refused)).toBe('API_KEY_EXPIRED')
  })

  test('behavior: hole 8 — a long-lived API key or a passkey still adds keys without expiry', async () => {
    const fromApiKey = generateTestKey()
    const first = await createApiKeys(withKey(user.key), [keyParams(fromApiKey)])
    expect(first.intent.createApiKeysIntentV2.apiKeys[0]).not.toHaveProperty('expirationSeconds')

    const passkey = createSoftwarePasskey({ rpId: 'localhost', origin: testAppOrigin })
    const challenge = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))
    const registered = await postStamped(
      '/public/v1/submit/create_authenticators',
      envelope('ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2', user.organizationId, {
        userId: user.userId,
        authenticators: [
          { authenticatorName: 'passkey', challenge, attestation: passkey.register(challenge) },
        ],
      }),
      user.key,
    )
    expect(registered.status).toBe(200)
    const fromPasskey = generateTestKey()
    const second = await createApiKeys(
      async (text) => ({ 'X-Stamp-Webauthn': passkey.stamp(text) }),
      [keyParams(fromPasskey)],
    )

    const rows = await storedKeys([
      ...first.result.createApiKeysResult.apiKeyIds,
      ...second.result.createApiKeysResult.apiKeyIds,
    ])
    expect(rows.map((row) => [row.expiration_seconds, row.expires_at])).toEqual([
      [null, null],
      [null, null],
    ])
    server.app.sigil.now = () => realNow() + 365 * 86_400_000
    expect((await whoami(fromApiKey)).status).toBe(200)
    expect((await whoami(fromPasskey)).status).toBe(200)
  })

  test('behavior: hole 8 — a session may add a passkey (Account Kit add-passkey): a credential the user holds', async () => {
    const session = await signIn(user.organizationId, user.userId)
    const passkey = createSoftwarePasskey({ rpId: 'localhost', origin: testAppOrigin })
    const challenge = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))
    const response = await postStamped(
      '/public/v1/submit/create_authenticators',
      envelope('ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2', user.organizationId, {
        userId: user.userId,
        authenticators: [{ authenticatorName: 'added', challenge, attestation: passkey.register(challenge) }],
      }),
      session.key,
    )
    expect(response.status).toBe(200)
  })

  test('behavior: logout — a session key deleted with its own stamp is refused at once', async () => {
    const session = await signIn(user.organizationId, user.userId)
    const keys = await postStamped(
      '/public/v1/query/get_api_keys',
      { organizationId: user.organizationId, userId: user.userId },
      session.key,
    )
    const { apiKeys } = (await keys.json()) as {
      apiKeys: { apiKeyId: string; credential: { publicKey: string } }[]
    }
    const own = apiKeys.find((apiKey) => apiKey.credential.publicKey === session.key.publicKey)
    expect(own?.apiKeyId).toBe(session.apiKeyId)
    expect((await whoami(session.key)).status).toBe(200)

    const deleted = await postStamped(
      '/public/v1/submit/delete_api_keys',
      envelope('ACTIVITY_TYPE_DELETE_API_KEYS', user.organizationId, {
        userId: user.userId,
        apiKeyIds: [session.apiKeyId],
      }),
      session.key,
    )
    expect(deleted.status).toBe(200)
    const refused = await whoami(session.key)
    expect(refused.status).toBe(401)
    expect(await turnkeyErrorCode(refused)).toBe('PUBLIC_KEY_NOT_FOUND')
  })
})
