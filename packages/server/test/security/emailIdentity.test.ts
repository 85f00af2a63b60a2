import { base64urlEncode, createApiKeyStamp } from '@sigil/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readMailboxCode } from '../../src/auth/email/test/readMailboxCode.js'
import { type OauthTestbed, startOauthTestbed } from '../../src/auth/oauth/test/startOauthTestbed.js'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createSoftwarePasskey } from '../../src/test/createSoftwarePasskey.js'
import { createTargetKey, stampRequest } from '../../src/test/createTargetKey.js'
import {
  createTestServer,
  type TestKey,
  type TestServer,
  testAppOrigin,
} from '../../src/test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'

/*
 * Account pre-hijacking (issue 14, hole 3), replayed through the real listener: an attacker signs up
 * with a passkey and the victim's email, which is stored unproven. The victim's later email or OAuth
 * sign-in must land in an organization of their own, never the attacker's.
 */

type Passkey = ReturnType<typeof createSoftwarePasskey>
type Account = { orgId: string; userId: string; address: string }

/** The Sigil-facing requests an SDK makes, through a real listener. */
function signerClient(url: string, apiKey: string) {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}`, ...headers },
    })
  const signer = (path: string, body: unknown) => post(`/signer${path}`, body)
  return {
    signer,
    async passkeySignup(passkey: Passkey, email: string): Promise<Account> {
      const challenge = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))
      const attestation = passkey.register(challenge)
      const response = await signer('/v1/signup', { passkey: { challenge, attestation }, email })
      expect(response.status).toBe(200)
      return (await response.json()) as Account
    },
    async lookup(email: string) {
      const response = await signer('/v1/lookup', { email })
      expect(response.status).toBe(200)
      return ((await response.json()) as { orgId: string | null }).orgId
    },
    /** A passkey-stamped whoami naming `organizationId`. */
    passkeyWhoami(passkey: Passkey, organizationId: string) {
      const body = JSON.stringify({ organizationId })
      return signer('/v1/whoami', {
        stampedRequest: {
          body,
          stamp: { stampHeaderName: 'X-Stamp-Webauthn', stampHeaderValue: passkey.stamp(body) },
          url: 'https://api.turnkey.com/public/v1/query/whoami',
        },
      })
    },
    /** A passkey-stamped `sign_raw_payload` in `organizationId` with `signWith`. */
    passkeySign(passkey: Passkey, organizationId: string, signWith: string) {
      const body = JSON.stringify({
        type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        timestampMs: String(Date.now()),
        organizationId,
        parameters: {
          signWith,
          payload: 'ab'.repeat(32),
          encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
          hashFunction: 'HASH_FUNCTION_NO_OP',
        },
      })
      return fetch(`${url}/public/v1/submit/sign_raw_payload`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'X-Stamp-Webauthn': passkey.stamp(body) },
      })
    },
    /** The operator's `list_suborgs` by email (stamped by the root key), as a backend would ask. */
    async operatorFindByEmail(rootKey: TestKey, rootOrganizationId: string, email: string) {
      const body = JSON.stringify({
        organizationId: rootOrganizationId,
        filterType: 'EMAIL',
        filterValue: email,
      })
      const stamp = await createApiKeyStamp({ body, privateKey: rootKey.privateKey })
      const response = await fetch(`${url}/public/v1/query/list_suborgs`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue },
      })
      expect(response.status).toBe(200)
      return ((await response.json()) as { organizationIds: string[] }).organizationIds
    },
    /** Whoami with the session key out of `bundle`, opened with `target`. */
    async sessionWhoami(target: ReturnType<typeof createTargetKey>, bundle: string, organizationId: string) {
      const session = await target.open(bundle)
      const response = await signer('/v1/whoami', {
        stampedRequest: await stampRequest({ organizationId }, session),
      })
      expect(response.status).toBe(200)
      return (await response.json()) as { orgId: string; userId: string; address: string; email?: string }
    },
  }
}

const newPasskey = () => createSoftwarePasskey({ rpId: 'localhost', origin: testAppOrigin })

describe.each(storeDialects)('email identity attacks on %s', (dialect) => {
  let server: TestServer
  let listener: LocalListener
  let client: ReturnType<typeof signerClient>
  beforeAll(async () => {
    server = await createTestServer(dialect)
    listener = await serveOnLocalPort(server.app)
    client = signerClient(listener.url, server.signerApp.apiKey)
  })
  afterAll(async () => {
    await listener.close()
    await server.cleanup()
  })

  test('error: hole 3 — a passkey sign-up with the victim email does not capture the victim email sign-in', async () => {
    const victimEmail = 'victim-code@example.com'
    const attackerPasskey = newPasskey()
    const attacker = await client.passkeySignup(attackerPasskey, victimEmail)

    // The unproven email answers nothing and cannot be signed in to.
    expect(await client.lookup(victimEmail)).toBeNull()
    expect(await client.operatorFindByEmail(server.rootKey, server.rootOrganizationId, victimEmail)).toEqual(
      [],
    )
    const target = createTargetKey()
    const auth = await client.signer('/v1/auth', { email: victimEmail, targetPublicKey: target.publicKey })
    expect(auth.status).toBe(404)
    expect(await auth.json()).toEqual({ error: 'user not found', code: 'USER_NOT_FOUND' })

    // The victim signs up by email (as the SDK does after lookup answered null) and uses the code.
    const signup = await client.signer('/v1/signup', {
      email: victimEmail,
      targetPublicKey: target.publicKey,
    })
    expect(signup.status).toBe(200)
    const { orgId, otpId } = (await signup.json()) as { orgId: string; otpId: string }
    expect(orgId).not.toBe(attacker.orgId)
    const otp = await client.signer('/v1/otp', {
      orgId,
      otpId,
      otpCode: await readMailboxCode(server, victimEmail),
      targetPublicKey: target.publicKey,
    })
    expect(otp.status).toBe(200)
    const { credentialBundle } = (await otp.json()) as { credentialBundle: string }
    const victim = await client.sessionWhoami(target, credentialBundle, orgId)
    expect(victim.orgId).toBe(orgId)
    expect(victim.address).not.toBe(attacker.address)

    // The attacker's passkey cannot act in the victim's organization.
    const whoami = await client.passkeyWhoami(attackerPasskey, orgId)
    expect(whoami.status).toBe(403)
    expect(await whoami.json()).toMatchObject({ code: 'ORGANIZATION_MISMATCH' })
    const sign = await client.passkeySign(attackerPasskey, orgId, victim.address)
    expect(sign.status).toBe(403)
    const refusal = await sign.json()
    expect(refusal).toMatchObject({ code: 7 })
    expect(JSON.stringify(refusal)).toContain('ORGANIZATION_MISMATCH')

    // The email is now the victim's identity, and later sign-ins by email reach the victim only.
    expect(await client.lookup(victimEmail)).toBe(orgId)
    expect(await client.operatorFindByEmail(server.rootKey, server.rootOrganizationId, victimEmail)).toEqual([
      orgId,
    ])
    const again = await client.signer('/v1/auth', { email: victimEmail, targetPublicKey: target.publicKey })
    expect(again.status).toBe(200)
    expect(((await again.json()) as { orgId: string }).orgId).toBe(orgId)
  })

  test('error: hole 3 — a code for an email another user already proved is refused with 409', async () => {
    const email = 'proved-twice@example.com'
    const first = createTargetKey()
    const signup = async () => {
      const response = await client.signer('/v1/signup', { email, targetPublicKey: first.publicKey })
      expect(response.status).toBe(200)
      return (await response.json()) as { orgId: string; otpId: string }
    }
    const holder = await signup()
    const holderCode = await readMailboxCode(server, email)
    // A second account for the address, as another server instance racing the first could make it.
    const racing = createTargetKey()
    await server.store.db
      .updateTable('users')
      .set({ email: 'parked@example.com' })
      .where('organization_id', '=', holder.orgId)
      .execute()
    const other = await signup()
    const otherCode = await readMailboxCode(server, email)
    await server.store.db
      .updateTable('users')
      .set({ email })
      .where('organization_id', '=', holder.orgId)
      .execute()
    expect(other.orgId).not.toBe(holder.orgId)

    const proven = await client.signer('/v1/otp', {
      ...holder,
      otpCode: holderCode,
      targetPublicKey: first.publicKey,
    })
    expect(proven.status).toBe(200)
    const refused = await client.signer('/v1/otp', {
      ...other,
      otpCode: otherCode,
      targetPublicKey: racing.publicKey,
    })
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ code: 'EMAIL_ALREADY_PROVEN' })
    expect(await client.lookup(email)).toBe(holder.orgId)
  })
})

describe.each(storeDialects)('email identity attacks by OAuth on %s', (dialect) => {
  let testbed: OauthTestbed
  let client: ReturnType<typeof signerClient>
  beforeAll(async () => {
    // `apple` stands for a trusted provider (at its real issuer it is trusted by default).
    testbed = await startOauthTestbed(dialect, { providers: { apple: { trustEmailVerified: true } } })
    client = signerClient(testbed.publicUrl, testbed.server.signerApp.apiKey)
  })
  afterAll(() => testbed.close())

  test('error: hole 3 — a passkey sign-up with the victim email does not capture the victim OAuth sign-in', async () => {
    const victimEmail = 'victim-oauth@example.com'
    const attackerPasskey = newPasskey()
    const attacker = await client.passkeySignup(attackerPasskey, victimEmail)

    testbed.idp.accounts.set('victim', { email: victimEmail, email_verified: 'true' })
    const login = await testbed.login({ subject: 'victim', providerId: 'apple' })
    expect(login.response.status).toBe(302)
    const params = login.appUrl!.searchParams
    expect(params.get('alchemy-error')).toBeNull()
    const orgId = params.get('alchemy-org-id')!
    expect(orgId).not.toBe(attacker.orgId)
    expect(params.get('aa-is-signup')).toBe('true')
    const victim = await client.sessionWhoami(login.target, params.get('alchemy-bundle')!, orgId)
    expect(victim.address).not.toBe(attacker.address)
    expect(victim.email).toBe(victimEmail)

    const whoami = await client.passkeyWhoami(attackerPasskey, orgId)
    expect(whoami.status).toBe(403)
    expect(await whoami.json()).toMatchObject({ code: 'ORGANIZATION_MISMATCH' })
    // The trusted provider's verified claim proved the email for the victim.
    expect(await client.lookup(victimEmail)).toBe(orgId)
  })
})
