import { base64urlEncode, createApiKeyStamp, parseApiKeyStamp } from '@sigil/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readMailboxCode } from '../../src/auth/email/test/readMailboxCode.js'
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
import { createUserSubOrganization } from '../../src/test/createUserSubOrganization.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'

/*
 * Credential identity (issue 14, holes 1 and 2), replayed through the real listener: a credential id or
 * public key copied into a second organization must be refused, and a stamp must only ever act as the
 * principal whose stored key verified it.
 */

const accountKitRootAlias = '24c1acf5-810f-41e0-a503-d5d13fa8e830'

type Passkey = ReturnType<typeof createSoftwarePasskey>
type Account = { orgId: string; userId: string; address: string }

describe.each(storeDialects)('credential identity attacks on %s', (dialect) => {
  let server: TestServer
  let listener: LocalListener
  beforeAll(async () => {
    server = await createTestServer(dialect)
    listener = await serveOnLocalPort(server.app)
  })
  afterAll(async () => {
    await listener.close()
    await server.cleanup()
  })

  const post = (path: string, body: string, headers: Record<string, string>) =>
    fetch(`${listener.url}${path}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
    })
  const withKey = async (path: string, body: unknown, key: TestKey) => {
    const text = JSON.stringify(body)
    const { stampHeaderValue } = await createApiKeyStamp({ body: text, privateKey: key.privateKey })
    return post(path, text, { 'X-Stamp': stampHeaderValue })
  }
  const withPasskey = (path: string, body: unknown, passkey: Passkey) => {
    const text = JSON.stringify(body)
    return post(path, text, { 'X-Stamp-Webauthn': passkey.stamp(text) })
  }
  const signer = (path: string, body: unknown) =>
    post(`/signer${path}`, JSON.stringify(body), { authorization: `Bearer ${server.signerApp.apiKey}` })
  const activity = (type: string, organizationId: string, parameters: unknown) => ({
    type,
    timestampMs: String(Date.now()),
    organizationId,
    parameters,
  })
  const newPasskey = (credentialId?: string) =>
    createSoftwarePasskey({
      rpId: 'localhost',
      origin: testAppOrigin,
      ...(credentialId ? { credentialId } : {}),
    })
  const challenge = () => base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))

  const passkeySignup = async (passkey: Passkey, attestationCredentialId?: string) => {
    const signupChallenge = challenge()
    const attestation = passkey.register(signupChallenge)
    return signer('/v1/signup', {
      passkey: {
        challenge: signupChallenge,
        attestation: { ...attestation, credentialId: attestationCredentialId ?? attestation.credentialId },
      },
    })
  }
  const signUpWithPasskey = async (passkey: Passkey): Promise<Account> => {
    const response = await passkeySignup(passkey)
    expect(response.status).toBe(200)
    return (await response.json()) as Account
  }
  /** Email sign-in as the SDK does it: sign-up, the mailed code, /v1/otp, the session key out of the bundle. */
  const signInByEmail = async (email: string) => {
    const target = createTargetKey()
    const signup = await signer('/v1/signup', { email, targetPublicKey: target.publicKey })
    expect(signup.status).toBe(200)
    const { orgId, otpId } = (await signup.json()) as { orgId: string; otpId: string }
    const otp = await signer('/v1/otp', {
      orgId,
      otpId,
      otpCode: await readMailboxCode(server, email),
      targetPublicKey: target.publicKey,
    })
    expect(otp.status).toBe(200)
    const { credentialBundle } = (await otp.json()) as { credentialBundle: string }
    return { orgId, session: await target.open(credentialBundle) }
  }
  const publicWhoami = async (response: Promise<Response>) => {
    const answer = await response
    expect(answer.status).toBe(200)
    return answer.json()
  }
  const signerWhoami = async (organizationId: string, stamp: (body: string) => Promise<[string, string]>) => {
    const body = JSON.stringify({ organizationId })
    const [stampHeaderName, stampHeaderValue] = await stamp(body)
    const response = await signer('/v1/whoami', {
      stampedRequest: { body, stamp: { stampHeaderName, stampHeaderValue }, url: 'https://api.turnkey.com' },
    })
    expect(response.status).toBe(200)
    return response.json()
  }
  const signRawPayload = (account: Account) =>
    activity('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', account.orgId, {
      signWith: account.address,
      payload: 'ab'.repeat(32),
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    })

  test("error: hole 1 — a passkey credential id registered in a second organization is refused, and the victim's stays hers", async () => {
    const victimPasskey = newPasskey()
    const victim = await signUpWithPasskey(victimPasskey)
    const attackerPasskey = newPasskey()
    const attacker = await signUpWithPasskey(attackerPasskey)
    // The attacker's own key, under the victim's credential id, in a self-made 'none' attestation.
    const forged = newPasskey(victimPasskey.credentialId)

    const registrationChallenge = challenge()
    const added = await withPasskey(
      '/public/v1/submit/create_authenticators',
      activity('ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2', attacker.orgId, {
        userId: attacker.userId,
        authenticators: [
          {
            authenticatorName: 'copy',
            challenge: registrationChallenge,
            attestation: forged.register(registrationChallenge),
          },
        ],
      }),
      attackerPasskey,
    )
    expect(added.status).toBe(409)
    expect(await added.json()).toMatchObject({ code: 6, details: [{ turnkeyErrorCode: 'PASSKEY_EXISTS' }] })
    // The same copy through passkey sign-up.
    const signedUp = await passkeySignup(forged)
    expect(signedUp.status).toBe(409)
    expect(await signedUp.json()).toMatchObject({ code: 'PASSKEY_EXISTS' })

    // A stamp with the victim's credential id signed by the attacker's key acts nowhere.
    const signed = await withPasskey('/public/v1/submit/sign_raw_payload', signRawPayload(victim), forged)
    expect(signed.status).toBe(401)
    expect(await signed.json()).toMatchObject({ details: [{ turnkeyErrorCode: 'SIGNATURE_INVALID' }] })
    const wallets = (await publicWhoami(
      withPasskey('/public/v1/query/list_wallets', { organizationId: victim.orgId }, victimPasskey),
    )) as { wallets: { walletId: string }[] }
    const exported = await withPasskey(
      '/public/v1/submit/export_wallet',
      activity('ACTIVITY_TYPE_EXPORT_WALLET', victim.orgId, {
        walletId: wallets.wallets[0]!.walletId,
        targetPublicKey: createTargetKey().publicKey,
      }),
      forged,
    )
    expect(exported.status).toBe(401)
    const forgedWhoami = await withPasskey(
      '/public/v1/query/whoami',
      { organizationId: server.rootOrganizationId },
      forged,
    )
    expect(forgedWhoami.status).toBe(401)

    // The victim's passkey login (whoami naming the parent) still answers the victim, and she still signs.
    expect(
      await publicWhoami(
        withPasskey('/public/v1/query/whoami', { organizationId: server.rootOrganizationId }, victimPasskey),
      ),
    ).toMatchObject({ organizationId: victim.orgId, userId: victim.userId })
    expect(
      await signerWhoami(accountKitRootAlias, async (body) => [
        'X-Stamp-Webauthn',
        victimPasskey.stamp(body),
      ]),
    ).toMatchObject({ orgId: victim.orgId, userId: victim.userId, address: victim.address })
    expect(
      (await withPasskey('/public/v1/submit/sign_raw_payload', signRawPayload(victim), victimPasskey)).status,
    ).toBe(200)
  })

  test('error: hole 1 — an attestation whose credentialId field is not the attested credential id is refused', async () => {
    const victimPasskey = newPasskey()
    await signUpWithPasskey(victimPasskey)
    // The client field names a fresh id (so a look-up of it finds nothing); the attested id is the victim's.
    const forged = newPasskey(victimPasskey.credentialId)
    const response = await passkeySignup(forged, newPasskey().credentialId)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'CREDENTIAL_ID_MISMATCH' })
  })

  test("error: hole 2 — a victim's session public key cannot be registered as an API key in the attacker's older organization", async () => {
    const attackerPasskey = newPasskey()
    const attacker = await signUpWithPasskey(attackerPasskey)
    const victim = await signInByEmail('victim@example.com')
    // The session public key is in every stamp the victim sends.
    const victimStamp = await createApiKeyStamp({ body: '{}', privateKey: victim.session.privateKey })
    const sessionPublicKey = parseApiKeyStamp(victimStamp.stampHeaderValue).publicKey

    const registered = await withPasskey(
      '/public/v1/submit/create_api_keys',
      activity('ACTIVITY_TYPE_CREATE_API_KEYS_V2', attacker.orgId, {
        userId: attacker.userId,
        apiKeys: [{ apiKeyName: 'copy', publicKey: sessionPublicKey, curveType: 'API_KEY_CURVE_P256' }],
      }),
      attackerPasskey,
    )
    expect(registered.status).toBe(409)
    expect(await registered.json()).toMatchObject({
      code: 6,
      error: 'this public key is already registered to another user',
      details: [{ turnkeyErrorCode: 'PUBLIC_KEY_ALREADY_REGISTERED' }],
    })

    // The victim's whoami naming the parent answers the victim: root id and Account Kit alias.
    const victimUser = (await publicWhoami(
      withKey('/public/v1/query/whoami', { organizationId: server.rootOrganizationId }, victim.session),
    )) as { organizationId: string; userId: string }
    expect(victimUser.organizationId).toBe(victim.orgId)
    expect(
      await signerWhoami(accountKitRootAlias, async (body) => {
        const stamp = await createApiKeyStamp({ body, privateKey: victim.session.privateKey })
        return [stamp.stampHeaderName, stamp.stampHeaderValue]
      }),
    ).toMatchObject({ orgId: victim.orgId, userId: victimUser.userId })
  })

  test('behavior: a re-registration of the same key by the same user replaces its row', async () => {
    const user = await createUserSubOrganization(server, { email: 'again@example.com', name: 'again' })
    const key = generateTestKey()
    for (const name of ['first', 'second']) {
      const response = await withKey(
        '/public/v1/submit/create_api_keys',
        activity('ACTIVITY_TYPE_CREATE_API_KEYS_V2', user.organizationId, {
          userId: user.userId,
          apiKeys: [{ apiKeyName: name, publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256' }],
        }),
        user.key,
      )
      expect(response.status).toBe(200)
    }
    const { apiKeys } = (await publicWhoami(
      withKey(
        '/public/v1/query/get_api_keys',
        { organizationId: user.organizationId, userId: user.userId },
        key,
      ),
    )) as { apiKeys: { apiKeyName: string; credential: { publicKey: string } }[] }
    expect(apiKeys.filter((apiKey) => apiKey.credential.publicKey === key.publicKey)).toEqual([
      expect.objectContaining({ apiKeyName: 'second' }),
    ])
    expect(
      await publicWhoami(
        withKey('/public/v1/query/whoami', { organizationId: server.rootOrganizationId }, key),
      ),
    ).toMatchObject({ organizationId: user.organizationId, userId: user.userId })

    // A second email login of one user: its new session acts for that user.
    const first = await signInByEmail('twice@example.com')
    const second = await signInByEmail('twice@example.com')
    for (const { session } of [first, second])
      expect(
        await publicWhoami(
          withKey('/public/v1/query/whoami', { organizationId: server.rootOrganizationId }, session),
        ),
      ).toMatchObject({ organizationId: first.orgId })
  })

  test('behavior: an expired key of another organization does not block its registration', async () => {
    const previous = await createUserSubOrganization(server, { email: 'old@example.com', name: 'old' })
    const next = await createUserSubOrganization(server, { email: 'new@example.com', name: 'new' })
    const key = await server.addApiKey({
      organizationId: previous.organizationId,
      userId: previous.userId,
      expirationSeconds: '60',
    })
    await server.store.db
      .updateTable('api_keys')
      .set({ expires_at: Date.now() - 1_000 })
      .where('public_key', '=', key.publicKey)
      .execute()
    const response = await withKey(
      '/public/v1/submit/create_api_keys',
      activity('ACTIVITY_TYPE_CREATE_API_KEYS_V2', next.organizationId, {
        userId: next.userId,
        apiKeys: [{ apiKeyName: 'reused', publicKey: key.publicKey, curveType: 'API_KEY_CURVE_P256' }],
      }),
      next.key,
    )
    expect(response.status).toBe(200)
    expect(
      await publicWhoami(
        withKey('/public/v1/query/whoami', { organizationId: server.rootOrganizationId }, key),
      ),
    ).toMatchObject({ organizationId: next.organizationId, userId: next.userId })
    expect(
      (await withKey('/public/v1/query/whoami', { organizationId: previous.organizationId }, key)).status,
    ).toBe(403)
  })
})
