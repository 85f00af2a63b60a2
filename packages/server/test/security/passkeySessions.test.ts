import { base64urlEncode, createApiKeyStamp } from '@sigil/protocol'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createSoftwarePasskey } from '../../src/test/createSoftwarePasskey.js'
import { createTargetKey } from '../../src/test/createTargetKey.js'
import {
  createTestServer,
  type TestKey,
  type TestServer,
  testAppOrigin,
} from '../../src/test/createTestServer.js'
import { createUserSubOrganization } from '../../src/test/createUserSubOrganization.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'

/*
 * Passkey sessions (issue 31): a passkey sign-in spends one assertion on `create_read_write_session`
 * and gets a session key sealed to its key frame. Replayed through the real listener: the passkey of
 * one user cannot mint a session for another user or organization, a session or API key cannot mint
 * one (a session could otherwise renew itself forever), the lifetime is capped by the server's
 * maximum, and the minted key is refused once expired.
 */

type Passkey = ReturnType<typeof createSoftwarePasskey>
type Account = { orgId: string; userId: string; address: string }
type MintAnswer = {
  activity: {
    status: string
    intent: { createReadWriteSessionIntentV2: { userId: string; expirationSeconds: string } }
    result: {
      createReadWriteSessionResultV2: {
        organizationId: string
        userId: string
        apiKeyId: string
        credentialBundle: string
      }
    }
  }
}

const maxSessionSeconds = 3600

describe.each(storeDialects)('passkey sessions on %s', (dialect) => {
  let server: TestServer
  let listener: LocalListener
  beforeAll(async () => {
    server = await createTestServer(dialect, { maxSessionSeconds })
    listener = await serveOnLocalPort(server.app)
  })
  afterAll(async () => {
    await listener?.close()
    await server?.cleanup()
  })
  const realNow = () => Date.now()
  afterEach(() => {
    server.app.sigil.now = realNow
  })

  const post = (path: string, body: string, headers: Record<string, string>) =>
    fetch(`${listener.url}${path}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
    })
  const withPasskey = (path: string, body: unknown, passkey: Passkey) => {
    const text = JSON.stringify(body)
    return post(path, text, { 'X-Stamp-Webauthn': passkey.stamp(text) })
  }
  const withKey = async (path: string, body: unknown, key: TestKey) => {
    const text = JSON.stringify(body)
    const { stampHeaderValue } = await createApiKeyStamp({ body: text, privateKey: key.privateKey })
    return post(path, text, { 'X-Stamp': stampHeaderValue })
  }
  const activity = (type: string, organizationId: string, parameters: unknown) => ({
    type,
    timestampMs: String(server.app.sigil.now()),
    organizationId,
    parameters,
  })
  const mintBody = (organizationId: string, parameters: Record<string, unknown>) =>
    activity('ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2', organizationId, parameters)
  const mintPath = '/public/v1/submit/create_read_write_session'
  const signUpWithPasskey = async (): Promise<{ passkey: Passkey; account: Account }> => {
    const passkey = createSoftwarePasskey({ rpId: 'localhost', origin: testAppOrigin })
    const challenge = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))
    const response = await post(
      '/signer/v1/signup',
      JSON.stringify({ passkey: { challenge, attestation: passkey.register(challenge) } }),
      { authorization: `Bearer ${server.signerApp.apiKey}` },
    )
    expect(response.status).toBe(200)
    return { passkey, account: (await response.json()) as Account }
  }
  const sessionKeysOf = (userId: string) =>
    server.store.db
      .selectFrom('api_keys')
      .select(['id', 'credential_type', 'expires_at'])
      .where('user_id', '=', userId)
      .execute()
  const errorCode = async (response: Response) =>
    ((await response.json()) as { details: { turnkeyErrorCode?: string }[] }).details[0]?.turnkeyErrorCode
  const signRawPayload = (account: Account) =>
    activity('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', account.orgId, {
      signWith: account.address,
      payload: 'ab'.repeat(32),
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    })

  test('default: one passkey stamp naming the root organization mints a session key of its own user that signs', async () => {
    const { passkey, account } = await signUpWithPasskey()
    const target = createTargetKey()
    const response = await withPasskey(
      mintPath,
      mintBody(server.rootOrganizationId, { targetPublicKey: target.publicKey, expirationSeconds: '900' }),
      passkey,
    )
    const answer = (await response.json()) as MintAnswer
    expect(response.status, JSON.stringify(answer)).toBe(200)
    expect(answer.activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
    const result = answer.activity.result.createReadWriteSessionResultV2
    expect(result).toMatchObject({ organizationId: account.orgId, userId: account.userId })
    expect(answer.activity.intent.createReadWriteSessionIntentV2.userId).toBe(account.userId)

    const rows = await sessionKeysOf(account.userId)
    expect(rows).toEqual([
      expect.objectContaining({
        id: result.apiKeyId,
        credential_type: 'CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256',
      }),
    ])
    // The frame's key opens the bundle; the session key then acts with no passkey at all.
    const session = await target.open(result.credentialBundle)
    const whoami = await withKey('/public/v1/query/whoami', { organizationId: account.orgId }, session)
    expect(await whoami.json()).toMatchObject({ organizationId: account.orgId, userId: account.userId })
    const signed = await withKey('/public/v1/submit/sign_raw_payload', signRawPayload(account), session)
    expect(signed.status).toBe(200)
  })

  test("behavior: the session's lifetime is capped by the server's maxSessionSeconds, and an expired session key is refused", async () => {
    const { passkey, account } = await signUpWithPasskey()
    const target = createTargetKey()
    const response = await withPasskey(
      mintPath,
      mintBody(account.orgId, { targetPublicKey: target.publicKey, expirationSeconds: '31536000' }),
      passkey,
    )
    const answer = (await response.json()) as MintAnswer
    expect(response.status, JSON.stringify(answer)).toBe(200)
    expect(answer.activity.intent.createReadWriteSessionIntentV2.expirationSeconds).toBe(
      String(maxSessionSeconds),
    )
    const [row] = await sessionKeysOf(account.userId)
    const minted = Date.now()
    expect(Number(row?.expires_at)).toBeLessThanOrEqual(minted + maxSessionSeconds * 1000)

    const session = await target.open(answer.activity.result.createReadWriteSessionResultV2.credentialBundle)
    server.app.sigil.now = () => Date.now() + (maxSessionSeconds + 1) * 1000
    const whoami = await withKey('/public/v1/query/whoami', { organizationId: account.orgId }, session)
    expect(whoami.status).toBe(401)
    const signed = await withKey('/public/v1/submit/sign_raw_payload', signRawPayload(account), session)
    expect(signed.status).toBe(401)
  })

  test("error: a passkey of user A cannot mint a session for user B, in B's organization or naming B's user id", async () => {
    const a = await signUpWithPasskey()
    const b = await signUpWithPasskey()
    const target = createTargetKey()

    const inB = await withPasskey(
      mintPath,
      mintBody(b.account.orgId, { targetPublicKey: target.publicKey }),
      a.passkey,
    )
    expect(inB.status).toBe(403)
    expect(await errorCode(inB)).toBe('ORGANIZATION_MISMATCH')

    const forB = await withPasskey(
      mintPath,
      mintBody(server.rootOrganizationId, { targetPublicKey: target.publicKey, userId: b.account.userId }),
      a.passkey,
    )
    expect(forB.status).toBe(403)
    expect(await errorCode(forB)).toBe('FORBIDDEN')

    expect(await sessionKeysOf(a.account.userId)).toEqual([])
    expect(await sessionKeysOf(b.account.userId)).toEqual([])
  })

  test('error: a session key, a user API key or the root key cannot mint a session (only a passkey can)', async () => {
    const { passkey, account } = await signUpWithPasskey()
    const target = createTargetKey()
    const first = await withPasskey(
      mintPath,
      mintBody(account.orgId, { targetPublicKey: target.publicKey }),
      passkey,
    )
    expect(first.status).toBe(200)
    const session = await target.open(
      ((await first.json()) as MintAnswer).activity.result.createReadWriteSessionResultV2.credentialBundle,
    )

    const renewed = await withKey(
      mintPath,
      mintBody(account.orgId, { targetPublicKey: createTargetKey().publicKey }),
      session,
    )
    expect(renewed.status).toBe(403)
    expect(await errorCode(renewed)).toBe('FORBIDDEN')

    const operator = await createUserSubOrganization(server, { email: 'apikey@example.com' })
    const byUserKey = await withKey(
      mintPath,
      mintBody(operator.organizationId, { targetPublicKey: target.publicKey }),
      operator.key,
    )
    expect(byUserKey.status).toBe(403)
    const byRootKey = await withKey(
      mintPath,
      mintBody(operator.organizationId, { targetPublicKey: target.publicKey, userId: operator.userId }),
      server.rootKey,
    )
    expect(byRootKey.status).toBe(403)

    expect(await sessionKeysOf(account.userId)).toHaveLength(1)
    expect((await sessionKeysOf(operator.userId)).map((row) => row.credential_type)).not.toContain(
      'CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256',
    )
  })

  test('error: a target key that is not a P-256 public key is refused by the schema, and nothing is minted', async () => {
    const { passkey, account } = await signUpWithPasskey()
    const response = await withPasskey(
      mintPath,
      mintBody(account.orgId, { targetPublicKey: 'abcd' }),
      passkey,
    )
    expect(response.status).toBe(400)
    expect(await sessionKeysOf(account.userId)).toEqual([])
  })
})
