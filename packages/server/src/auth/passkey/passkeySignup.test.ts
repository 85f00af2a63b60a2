import { base64urlEncode } from '@sigil/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createSoftwarePasskey } from '../../test/createSoftwarePasskey.js'
import { createTargetKey } from '../../test/createTargetKey.js'
import { createTestServer, type TestServer, testAppOrigin } from '../../test/createTestServer.js'
import { readMailboxCode } from '../email/test/readMailboxCode.js'

const rootAlias = '24c1acf5-810f-41e0-a503-d5d13fa8e830'

describe.each(storeDialects)('passkey sign-up and login on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(dialect)
  })
  afterAll(() => server.cleanup())

  const signup = async (passkey: ReturnType<typeof createSoftwarePasskey>, email?: string) => {
    const challenge = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))
    const { credentialId, clientDataJson, attestationObject, transports } = passkey.register(challenge)
    return server.signer('/v1/signup', {
      passkey: { challenge, attestation: { credentialId, clientDataJson, attestationObject, transports } },
      ...(email ? { email } : {}),
    })
  }
  const whoami = (passkey: ReturnType<typeof createSoftwarePasskey>, organizationId: string) => {
    const body = JSON.stringify({ organizationId })
    return server.signer('/v1/whoami', {
      stampedRequest: {
        body,
        stamp: { stampHeaderName: 'X-Stamp-Webauthn', stampHeaderValue: passkey.stamp(body) },
        url: 'https://api.turnkey.com/public/v1/query/whoami',
      },
    })
  }

  test('default: sign-up with a passkey, then log in with a passkey-stamped whoami naming the root', async () => {
    const passkey = createSoftwarePasskey({ rpId: 'localhost', origin: testAppOrigin })
    const response = await signup(passkey, 'grace@example.com')
    expect(response.status).toBe(200)
    const user = (await response.json()) as { orgId: string; userId: string; address: string }
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    for (const organizationId of [server.rootOrganizationId, rootAlias]) {
      const login = await whoami(passkey, organizationId)
      expect(login.status).toBe(200)
      expect(await login.json()).toMatchObject({
        orgId: user.orgId,
        userId: user.userId,
        address: user.address,
        email: 'grace@example.com',
      })
    }
    // The email is shown but not proven: no email sign-in or look-up finds this account by it.
    const lookup = await server.signer('/v1/lookup', { email: 'grace@example.com' })
    expect(await lookup.json()).toEqual({ orgId: null })
  })

  test('behavior: the passkey is listed with a passkey-<timestamp> name', async () => {
    const passkey = createSoftwarePasskey({ rpId: 'localhost', origin: testAppOrigin })
    const user = (await (await signup(passkey)).json()) as { orgId: string; userId: string }
    const listed = await server.post('/public/v1/query/get_authenticators', {
      organizationId: user.orgId,
      userId: user.userId,
    })
    const { authenticators } = (await listed.json()) as {
      authenticators: { authenticatorName: string; credentialId: string }[]
    }
    expect(authenticators).toEqual([
      expect.objectContaining({
        credentialId: passkey.credentialId,
        authenticatorName: expect.stringMatching(/^passkey-\d+$/),
      }),
    ])
  })

  test('error: an attestation made for another origin is refused', async () => {
    const response = await signup(
      createSoftwarePasskey({ rpId: 'localhost', origin: 'https://evil.example' }),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: 'invalid passkey attestation for authenticator 0',
      code: 'REQUEST_INVALID',
    })
  })

  test('error: an email that a user has proven, or a passkey registered twice, is a 409', async () => {
    const target = createTargetKey()
    const emailSignup = (await (
      await server.signer('/v1/signup', { email: 'twice@example.com', targetPublicKey: target.publicKey })
    ).json()) as { orgId: string; otpId: string }
    const otp = await server.signer('/v1/otp', {
      ...emailSignup,
      otpCode: await readMailboxCode(server, 'twice@example.com'),
      targetPublicKey: target.publicKey,
    })
    expect(otp.status).toBe(200)
    const passkey = createSoftwarePasskey({ rpId: 'localhost', origin: testAppOrigin })
    const taken = await signup(passkey, 'twice@example.com')
    expect(taken.status).toBe(409)
    expect(await taken.json()).toMatchObject({ code: 'USER_EXISTS' })
    expect((await signup(passkey)).status).toBe(200)
    expect((await signup(passkey)).status).toBe(409)
  })

  test('behavior: an unproven email does not block another sign-up with it', async () => {
    const first = createSoftwarePasskey({ rpId: 'localhost', origin: testAppOrigin })
    expect((await signup(first, 'unproven@example.com')).status).toBe(200)
    const second = createSoftwarePasskey({ rpId: 'localhost', origin: testAppOrigin })
    expect((await signup(second, 'unproven@example.com')).status).toBe(200)
  })

  test('error: a replayed assertion (same signature counter) is refused', async () => {
    const passkey = createSoftwarePasskey({ rpId: 'localhost', origin: testAppOrigin })
    const user = (await (await signup(passkey)).json()) as { orgId: string }
    const body = JSON.stringify({ organizationId: user.orgId })
    const stampedRequest = {
      body,
      stamp: { stampHeaderName: 'X-Stamp-Webauthn', stampHeaderValue: passkey.stamp(body) },
    }
    expect((await server.signer('/v1/whoami', { stampedRequest })).status).toBe(200)
    const replay = await server.signer('/v1/whoami', { stampedRequest })
    expect(replay.status).toBe(401)
    expect(await replay.json()).toMatchObject({ error: 'could not verify WebAuthN signature' })
  })
})
