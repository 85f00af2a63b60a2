import { base64urlEncode } from '@sigil/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createSoftwarePasskey } from '../../test/createSoftwarePasskey.js'
import { createTestServer, type TestServer, testAppOrigin } from '../../test/createTestServer.js'
import { createUserSubOrganization, type UserSubOrganization } from '../../test/createUserSubOrganization.js'
import { prepareApiKeys } from './prepareApiKeys.js'

type Passkey = ReturnType<typeof createSoftwarePasskey>

describe.each(storeDialects)('prepareAuthenticators (create_authenticators) on %s', (dialect) => {
  let server: TestServer
  let alice: UserSubOrganization
  let bob: UserSubOrganization
  beforeAll(async () => {
    server = await createTestServer(dialect)
    alice = await createUserSubOrganization(server, { email: 'alice@example.com', name: 'alice' })
    bob = await createUserSubOrganization(server, { email: 'bob@example.com', name: 'bob' })
  })
  afterAll(() => server.cleanup())

  const newPasskey = (credentialId?: string) =>
    createSoftwarePasskey({
      rpId: 'localhost',
      origin: testAppOrigin,
      ...(credentialId ? { credentialId } : {}),
    })
  const authenticator = (passkey: Passkey, change: { credentialId?: string } = {}) => {
    const challenge = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))
    const attestation = passkey.register(challenge)
    return { authenticatorName: 'passkey', challenge, attestation: { ...attestation, ...change } }
  }
  const createAuthenticators = (user: UserSubOrganization, authenticators: unknown[]) =>
    server.submit(
      'create_authenticators',
      'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
      { userId: user.userId, authenticators },
      { organizationId: user.organizationId, key: user.key },
    )
  const storedRows = (credentialId: string) =>
    server.store.db
      .selectFrom('authenticators')
      .select(['organization_id', 'public_key'])
      .where('credential_id', '=', credentialId)
      .execute()

  test('default: the attested credential id is stored', async () => {
    const passkey = newPasskey()
    expect((await createAuthenticators(alice, [authenticator(passkey)])).status).toBe(200)
    expect(await storedRows(passkey.credentialId)).toEqual([
      { organization_id: alice.organizationId, public_key: expect.stringMatching(/^0[23][0-9a-f]{64}$/) },
    ])
  })

  test('error: an attestation.credentialId that is not the attested credential id is a 400', async () => {
    const passkey = newPasskey()
    const response = await createAuthenticators(alice, [
      authenticator(passkey, { credentialId: newPasskey().credentialId }),
    ])
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      details: [
        { turnkeyErrorCode: 'CREDENTIAL_ID_MISMATCH' },
        { fieldViolations: [{ field: 'authenticators[0].attestation.credentialId' }] },
      ],
    })
    expect(await storedRows(passkey.credentialId)).toEqual([])
  })

  test('error: a credential id registered in another organization (another key) is a 409 PASSKEY_EXISTS', async () => {
    const passkey = newPasskey()
    expect((await createAuthenticators(alice, [authenticator(passkey)])).status).toBe(200)
    const copy = newPasskey(passkey.credentialId)
    const response = await createAuthenticators(bob, [authenticator(copy)])
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({
      code: 6,
      details: [{ turnkeyErrorCode: 'PASSKEY_EXISTS' }],
    })
    // Registering it again in its own organization is refused too: one row per credential.
    expect((await createAuthenticators(alice, [authenticator(passkey)])).status).toBe(409)
    expect(await storedRows(passkey.credentialId)).toEqual([
      expect.objectContaining({ organization_id: alice.organizationId }),
    ])
  })

  test('error: the same passkey twice in one request is a 400', async () => {
    const passkey = newPasskey()
    const response = await createAuthenticators(alice, [authenticator(passkey), authenticator(passkey)])
    expect(response.status).toBe(400)
    expect(await storedRows(passkey.credentialId)).toEqual([])
  })

  test("error: a passkey whose public key is another organization's live API key is a 409", async () => {
    const passkey = newPasskey()
    expect((await createAuthenticators(alice, [authenticator(passkey)])).status).toBe(200)
    const publicKey = (await storedRows(passkey.credentialId))[0]!.public_key
    // The key moves: its passkey row goes, and bob holds it as an API key.
    await server.store.db
      .deleteFrom('authenticators')
      .where('credential_id', '=', passkey.credentialId)
      .execute()
    const { write } = prepareApiKeys({
      organizationId: bob.organizationId,
      userId: bob.userId,
      now: Date.now(),
      apiKeys: [{ apiKeyName: 'key', publicKey, curveType: 'API_KEY_CURVE_P256' }],
    })
    await server.store.db.transaction().execute((trx) => write(trx))
    const response = await createAuthenticators(alice, [authenticator(passkey)])
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({ details: [{ turnkeyErrorCode: 'PASSKEY_EXISTS' }] })
  })
})
