import { base64urlEncode, createApiKeyStamp } from '@sigil/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createSoftwarePasskey } from '../../test/createSoftwarePasskey.js'
import {
  createTestServer,
  generateTestKey,
  type TestServer,
  testAppOrigin,
} from '../../test/createTestServer.js'
import { createUserSubOrganization, type UserSubOrganization } from '../../test/createUserSubOrganization.js'
import { accountKitRootOrganizationId } from './resolveOrganizationId.js'

describe.each(storeDialects)('authenticateRequest on %s', (dialect) => {
  let server: TestServer
  let alice: UserSubOrganization
  let bob: UserSubOrganization
  beforeAll(async () => {
    server = await createTestServer(dialect)
    alice = await createUserSubOrganization(server, { email: 'alice@example.com', name: 'alice' })
    bob = await createUserSubOrganization(server, { email: 'bob@example.com', name: 'bob' })
  })
  afterAll(() => server.cleanup())

  const whoami = (organizationId: string, key = server.rootKey) =>
    server.post('/public/v1/query/whoami', { organizationId }, key)

  test('default: a root key is answered for the root organization', async () => {
    const response = await whoami(server.rootOrganizationId)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      organizationId: server.rootOrganizationId,
      organizationName: 'Sigil',
      userId: server.rootUserId,
      username: 'root',
    })
  })

  test('behavior: the Account Kit default root organization id is an alias of the root', async () => {
    const response = await whoami(accountKitRootOrganizationId)
    expect(response.status).toBe(200)
    expect(((await response.json()) as { organizationId: string }).organizationId).toBe(
      server.rootOrganizationId,
    )
  })

  test("behavior: whoami under the parent id answers with the user's own sub-organization", async () => {
    const response = await whoami(server.rootOrganizationId, alice.key)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      organizationId: alice.organizationId,
      userId: alice.userId,
    })
  })

  test('behavior: a root-organization key may act in a sub-organization', async () => {
    const response = await server.post('/public/v1/query/list_wallets', {
      organizationId: alice.organizationId,
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { wallets: unknown[] }).wallets).toHaveLength(1)
  })

  test("error: a user cannot read another user's sub-organization", async () => {
    const response = await server.post(
      '/public/v1/query/list_wallets',
      { organizationId: bob.organizationId },
      alice.key,
    )
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({
      code: 7,
      message: expect.stringContaining('organization mismatch'),
      details: [{ turnkeyErrorCode: 'ORGANIZATION_MISMATCH' }],
    })
  })

  test('error: a user cannot act in the root organization', async () => {
    const response = await server.post(
      '/public/v1/query/list_users',
      { organizationId: server.rootOrganizationId },
      alice.key,
    )
    expect(response.status).toBe(403)
  })

  test('error: no stamp gives 401 whatever the body', async () => {
    const response = await server.app.request('/public/v1/query/whoami', { method: 'POST' })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({
      code: 16,
      message:
        'cannot authenticate public API activity request without a stamp (X-Stamp/X-Stamp-Webauthn header)',
      error: expect.any(String),
    })
  })

  test('error: a malformed stamp gives 401 malformed activity stamp', async () => {
    const response = await server.app.request('/public/v1/query/whoami', {
      method: 'POST',
      body: JSON.stringify({ organizationId: server.rootOrganizationId }),
      headers: { 'X-Stamp': 'not-a-stamp!' },
    })
    expect(response.status).toBe(401)
    expect(((await response.json()) as { message: string }).message).toBe('malformed activity stamp')
  })

  test('error: a stamp over another body is refused', async () => {
    const body = JSON.stringify({ organizationId: server.rootOrganizationId })
    const stamp = await createApiKeyStamp({ body: `${body} `, privateKey: server.rootKey.privateKey })
    const response = await server.app.request('/public/v1/query/whoami', {
      method: 'POST',
      body,
      headers: { 'X-Stamp': stamp.stampHeaderValue },
    })
    expect(response.status).toBe(401)
    expect(((await response.json()) as { message: string }).message).toBe(
      'could not verify api key signature',
    )
  })

  test('error: an unknown key gives 401', async () => {
    const response = await whoami(server.rootOrganizationId, generateTestKey())
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ details: [{ turnkeyErrorCode: 'PUBLIC_KEY_NOT_FOUND' }] })
  })

  test('error: an expired key gives 401 expired api key', async () => {
    const key = await server.addApiKey({
      organizationId: alice.organizationId,
      userId: alice.userId,
      expirationSeconds: '1',
    })
    expect((await whoami(alice.organizationId, key)).status).toBe(200)
    server.app.sigil.now = () => Date.now() + 2_000
    try {
      const response = await whoami(alice.organizationId, key)
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({
        message: 'expired api key',
        details: [{ turnkeyErrorCode: 'API_KEY_EXPIRED' }],
      })
    } finally {
      server.app.sigil.now = Date.now
    }
  })

  test('error: an unknown organization gives 404', async () => {
    const response = await whoami('00000000-0000-4000-8000-000000000000')
    expect(response.status).toBe(404)
  })

  test('error: a timestampMs older than the window is refused', async () => {
    const response = await server.submit(
      'create_wallet',
      'ACTIVITY_TYPE_CREATE_WALLET',
      { walletName: 'late', accounts: [] },
      { timestampMs: String(Date.now() - 3_601_000) },
    )
    expect(response.status).toBe(400)
    expect(((await response.json()) as { message: string }).message).toBe(
      'request timestampMs is outside the accepted window',
    )
  })

  test('error: a timestampMs too far ahead is refused, one just inside is accepted', async () => {
    const ahead = await server.submit(
      'create_wallet',
      'ACTIVITY_TYPE_CREATE_WALLET',
      { walletName: 'early', accounts: [] },
      { timestampMs: String(Date.now() + 301_000) },
    )
    expect(ahead.status).toBe(400)
    const inside = await server.submit(
      'create_wallet',
      'ACTIVITY_TYPE_CREATE_WALLET',
      { walletName: 'early', accounts: [] },
      { timestampMs: String(Date.now() + 200_000) },
    )
    expect(inside.status).toBe(200)
  })
})

/*
 * Defense in depth: migration 0007's unique indexes make a passkey held twice impossible, and migration
 * 0020's let an API key into a second organization only by its own request; a store without them (dropped
 * here) must still never resolve a stamp to one of several holders when the request does not name one.
 */
describe.each(storeDialects)('authenticateRequest with a credential stored twice on %s', (dialect) => {
  let server: TestServer
  let alice: UserSubOrganization
  let bob: UserSubOrganization
  beforeAll(async () => {
    server = await createTestServer(dialect)
    alice = await createUserSubOrganization(server, { email: 'alice@example.com', name: 'alice' })
    bob = await createUserSubOrganization(server, { email: 'bob@example.com', name: 'bob' })
    for (const index of [
      'api_keys_public_key_curve_type_home_unique',
      'authenticators_credential_id_unique',
      'authenticators_public_key_unique',
    ])
      await server.store.db.schema.dropIndex(index).execute()
  })
  afterAll(() => server.cleanup())

  const expectAmbiguous = async (response: Response) => {
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ details: [{ turnkeyErrorCode: 'CREDENTIAL_CONFLICT' }] })
  }

  test('error: an API key held by two sub-organizations is refused when the request names their parent; naming one acts there', async () => {
    const row = await server.store.db
      .selectFrom('api_keys')
      .selectAll()
      .where('public_key', '=', alice.key.publicKey)
      .executeTakeFirstOrThrow()
    await server.store.db
      .insertInto('api_keys')
      .values({ ...row, id: 'copy-in-bob', organization_id: bob.organizationId, user_id: bob.userId })
      .execute()
    await expectAmbiguous(
      await server.post('/public/v1/query/whoami', { organizationId: server.rootOrganizationId }, alice.key),
    )
    const body = JSON.stringify({ organizationId: accountKitRootOrganizationId })
    const stamp = await createApiKeyStamp({ body, privateKey: alice.key.privateKey })
    const response = await server.signer('/v1/whoami', { stampedRequest: { body, stamp, url: '' } })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'CREDENTIAL_CONFLICT' })
    // A request that names one of the organizations acts as that organization's row, and only there.
    for (const user of [alice, bob]) {
      const named = await server.post(
        '/public/v1/query/whoami',
        { organizationId: user.organizationId },
        alice.key,
      )
      expect(named.status).toBe(200)
      expect(await named.json()).toMatchObject({ organizationId: user.organizationId, userId: user.userId })
    }
  })

  test('error: a passkey credential id held by two organizations is refused, even with the first row’s key', async () => {
    const passkey = createSoftwarePasskey({ rpId: 'localhost', origin: testAppOrigin })
    const challenge = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))
    const added = await server.submit(
      'create_authenticators',
      'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
      {
        userId: alice.userId,
        authenticators: [
          { authenticatorName: 'passkey', challenge, attestation: passkey.register(challenge) },
        ],
      },
      { organizationId: alice.organizationId },
    )
    expect(added.status).toBe(200)
    const row = await server.store.db
      .selectFrom('authenticators')
      .selectAll()
      .where('credential_id', '=', passkey.credentialId)
      .executeTakeFirstOrThrow()
    await server.store.db
      .insertInto('authenticators')
      .values({ ...row, id: 'copy-in-bob', organization_id: bob.organizationId, user_id: bob.userId })
      .execute()
    for (const organizationId of [server.rootOrganizationId, alice.organizationId]) {
      const body = JSON.stringify({ organizationId })
      await expectAmbiguous(
        await server.app.request('/public/v1/query/whoami', {
          method: 'POST',
          body,
          headers: { 'X-Stamp-Webauthn': passkey.stamp(body) },
        }),
      )
    }
  })
})
