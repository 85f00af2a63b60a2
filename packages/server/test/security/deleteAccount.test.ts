import { createApiKeyStamp } from '@sigil/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readMailboxCode } from '../../src/auth/email/test/readMailboxCode.js'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createTargetKey } from '../../src/test/createTargetKey.js'
import { createTestServer, type TestKey, type TestServer } from '../../src/test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'

/*
 * Deleting an account (issue 32 part 5) attacked through the real listener: another user of the same
 * app, the operator's root key, a session picked up on a signed-in device long after its sign-in, and
 * a stamp over another route's marker. Each must leave the victim's wallet in place.
 */

describe.each(storeDialects)('account deletion attacks on %s', (dialect) => {
  let server: TestServer
  let listener: LocalListener
  beforeAll(async () => {
    server = await createTestServer(dialect, { devMailbox: true })
    listener = await serveOnLocalPort(server.app)
  })
  afterAll(async () => {
    await listener?.close()
    await server?.cleanup()
  })

  const signer = (path: string, body: unknown) =>
    fetch(`${listener.url}/signer${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.signerApp.apiKey}` },
    })
  const signInByEmail = async (email: string) => {
    const target = createTargetKey()
    const signup = await signer('/v1/signup', { email, targetPublicKey: target.publicKey })
    const { orgId, otpId } = (await signup.json()) as { orgId: string; otpId: string }
    const otp = await signer('/v1/otp', {
      orgId,
      otpId,
      otpCode: await readMailboxCode(server, email),
      targetPublicKey: target.publicKey,
    })
    const { credentialBundle } = (await otp.json()) as { credentialBundle: string }
    return { orgId, session: await target.open(credentialBundle) }
  }
  const stamped = async (organizationId: string, key: Pick<TestKey, 'privateKey'>, marker: string) => {
    const body = JSON.stringify({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: String(Date.now()),
      organizationId,
      parameters: {
        signWith: '0x0000000000000000000000000000000000000000',
        payload: marker,
        encoding: 'PAYLOAD_ENCODING_TEXT_UTF8',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      },
    })
    const stamp = await createApiKeyStamp({ body, privateKey: key.privateKey })
    return { body, stamp, url: '' }
  }
  const organizationExists = async (organizationId: string) =>
    (
      await server.store.db
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', organizationId)
        .execute()
    ).length === 1

  test("error: another user's session cannot delete the victim's account, naming the victim's organization", async () => {
    const victim = await signInByEmail('victim@example.com')
    const mallory = await signInByEmail('mallory@example.com')
    const response = await signer('/v1/delete-account', {
      stampedRequest: await stamped(victim.orgId, mallory.session, 'delete_account'),
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'ORGANIZATION_MISMATCH' })
    expect(await organizationExists(victim.orgId)).toBe(true)
    const data = await signer('/v1/export-account-data', {
      stampedRequest: await stamped(victim.orgId, mallory.session, 'export_account_data'),
    })
    expect(data.status).toBe(403)
  })

  test("error: the root organization's key cannot delete a user's account", async () => {
    const victim = await signInByEmail('rooted@example.com')
    const response = await signer('/v1/delete-account', {
      stampedRequest: await stamped(victim.orgId, server.rootKey, 'delete_account'),
    })
    expect(response.status).toBe(403)
    expect(await organizationExists(victim.orgId)).toBe(true)
  })

  test('error: a session made more than 5 minutes ago is refused; a fresh one deletes', async () => {
    const user = await signInByEmail('picked-up@example.com')
    await server.store.db
      .updateTable('api_keys')
      .set({ created_at: Date.now() - 5 * 60_000 - 1_000 })
      .where('organization_id', '=', user.orgId)
      .execute()
    const stale = await signer('/v1/delete-account', {
      stampedRequest: await stamped(user.orgId, user.session, 'delete_account'),
    })
    expect(stale.status).toBe(403)
    expect(await stale.json()).toMatchObject({ code: 'FRESH_SIGN_IN_REQUIRED' })
    expect(await organizationExists(user.orgId)).toBe(true)

    const fresh = await signInByEmail('picked-up@example.com')
    const deleted = await signer('/v1/delete-account', {
      stampedRequest: await stamped(fresh.orgId, fresh.session, 'delete_account'),
    })
    expect(deleted.status).toBe(200)
    expect(await deleted.json()).toEqual({ deleted: true })
    expect(await organizationExists(fresh.orgId)).toBe(false)
    // The deleted session is gone with it.
    const after = await signer('/v1/export-account-data', {
      stampedRequest: await stamped(fresh.orgId, fresh.session, 'export_account_data'),
    })
    expect(after.status).toBe(401)
  })

  test("error: a stamp over another route's marker does not delete", async () => {
    const user = await signInByEmail('marker@example.com')
    const response = await signer('/v1/delete-account', {
      stampedRequest: await stamped(user.orgId, user.session, 'export_account_data'),
    })
    expect(response.status).toBe(400)
    expect(await organizationExists(user.orgId)).toBe(true)
  })
})
