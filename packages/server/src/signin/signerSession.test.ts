import { ed25519 } from '@noble/curves/ed25519.js'
import { base58Decode, hexToBytes } from '@sigil/protocol'
import { type Hex, hashMessage, recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../store/test/storeDialects.js'
import { createTargetKey, stampRequest } from '../test/createTargetKey.js'
import { createTestServer, type TestKey, type TestServer, testAppOrigin } from '../test/createTestServer.js'
import { createUserAccount, type UserAccount } from '../users/createUserAccount.js'
import { mintSessionBundle } from '../users/mintSessionBundle.js'

describe.each(storeDialects)('signer session routes on %s', (dialect) => {
  let server: TestServer
  let account: UserAccount
  let session: TestKey
  beforeAll(async () => {
    server = await createTestServer(dialect)
    const ctx = server.app.sigil
    const [app] = await ctx.store.db
      .selectFrom('apps')
      .selectAll()
      .where('id', '=', server.signerApp.appId)
      .execute()
    const { toApp } = await import('../apps/toApp.js')
    // The email counts as proven (as after its code was used): /v1/lookup matches proven emails only.
    account = await createUserAccount(ctx, {
      app: toApp(app!),
      email: 'ada@example.com',
      emailProvenBy: 'code',
    })
    const target = createTargetKey()
    const { credentialBundle } = await mintSessionBundle(ctx, {
      organizationId: account.organizationId,
      userId: account.userId,
      targetPublicKey: target.publicKey,
      credentialType: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
    })
    session = await target.open(credentialBundle)
  })
  afterAll(() => server.cleanup())

  const json = async (response: Response) => ({
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
  })
  const signRequest = (
    payload: string,
    signWith: string,
    hashFunction: string,
    timestampMs = String(Date.now()),
  ) =>
    stampRequest(
      {
        organizationId: account.organizationId,
        type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        timestampMs,
        parameters: { encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction, payload, signWith },
      },
      session,
      'https://api.turnkey.com/public/v1/submit/sign_raw_payload',
    )

  test('default: whoami with a session stamp returns the user with both addresses', async () => {
    const { status, body } = await json(
      await server.signer('/v1/whoami', {
        stampedRequest: await stampRequest({ organizationId: account.organizationId }, session),
      }),
    )
    expect(status).toBe(200)
    expect(body).toEqual({
      email: 'ada@example.com',
      orgId: account.organizationId,
      userId: account.userId,
      address: account.address,
      solanaAddress: account.solanaAddress,
    })
  })

  test('behavior: whoami naming the Account Kit root organization resolves the user', async () => {
    const stampedRequest = await stampRequest(
      { organizationId: '24c1acf5-810f-41e0-a503-d5d13fa8e830' },
      session,
    )
    const { status, body } = await json(await server.signer('/v1/whoami', { stampedRequest }))
    expect(status).toBe(200)
    expect(body.userId).toBe(account.userId)
  })

  test('behavior: sign-payload signs an EIP-191 digest as r‖s‖v with v 27/28', async () => {
    const { status, body } = await json(
      await server.signer('/v1/sign-payload', {
        stampedRequest: await signRequest(hashMessage('hi'), account.address, 'HASH_FUNCTION_NO_OP'),
      }),
    )
    expect(status).toBe(200)
    const signature = body.signature as Hex
    expect(signature).toMatch(/^0x[0-9a-f]{128}(1b|1c)$/)
    expect(await recoverMessageAddress({ message: 'hi', signature })).toBe(account.address)
  })

  test('behavior: sign-payload for the Solana address returns a 64-byte ed25519 signature', async () => {
    const message = 'c0ffee'
    const { body } = await json(
      await server.signer('/v1/sign-payload', {
        stampedRequest: await signRequest(message, account.solanaAddress, 'HASH_FUNCTION_NOT_APPLICABLE'),
      }),
    )
    const signature = hexToBytes(body.signature as string)
    expect(signature).toHaveLength(64)
    expect(ed25519.verify(signature, hexToBytes(message), base58Decode(account.solanaAddress))).toBe(true)
  })

  test('error: sign-payload with a stale timestampMs is refused', async () => {
    const { status, body } = await json(
      await server.signer('/v1/sign-payload', {
        stampedRequest: await signRequest(
          hashMessage('x'),
          account.address,
          'HASH_FUNCTION_NO_OP',
          String(Date.now() - 7_200_000),
        ),
      }),
    )
    expect(status).toBe(400)
    expect(body).toEqual({
      error: 'request timestampMs is outside the accepted window',
      code: 'REQUEST_INVALID',
    })
  })

  test('error: a stamp over another body is refused with { error, code }', async () => {
    const stampedRequest = await stampRequest({ organizationId: account.organizationId }, session)
    const { status, body } = await json(
      await server.signer('/v1/whoami', {
        stampedRequest: { ...stampedRequest, body: `${stampedRequest.body} ` },
      }),
    )
    expect(status).toBe(401)
    expect(body).toEqual({ error: 'could not verify api key signature', code: 'SIGNATURE_INVALID' })
  })

  test('behavior: lookup finds the user by email in any case, null for others', async () => {
    expect((await json(await server.signer('/v1/lookup', { email: 'ADA@example.com' }))).body).toEqual({
      orgId: account.organizationId,
    })
    expect((await json(await server.signer('/v1/lookup', { email: 'nobody@example.com' }))).body).toEqual({
      orgId: null,
    })
  })

  test('behavior: signer-config answers GET and POST', async () => {
    expect((await json(await server.signer('/v1/signer-config', {}))).body).toEqual({
      appId: server.signerApp.appId,
      email: { mode: 'OTP' },
    })
    const get = await server.app.request('/signer/v1/signer-config', { headers: { origin: testAppOrigin } })
    expect(await get.json()).toEqual({ appId: server.signerApp.appId, email: { mode: 'OTP' } })
  })

  test('error: bad input is a 400 { error, code } naming the field', async () => {
    const { status, body } = await json(await server.signer('/v1/lookup', { email: 'not an email' }))
    expect(status).toBe(400)
    expect(body).toMatchObject({ code: 'REQUEST_INVALID', error: expect.stringContaining('email') })
    expect((await json(await server.signer('/v1/whoami', '{'))).status).toBe(400)
  })
})
