import { base64urlDecode, base64urlEncode } from '@sigil/protocol'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createTargetKey } from '../../test/createTargetKey.js'
import { createTestServer, type TestServer } from '../../test/createTestServer.js'
import { sealMfaToken } from './sealMfaToken.js'
import { createMfaTestUser, type MfaTestUser } from './test/createMfaTestUser.js'
import { createTestClock } from './test/createTestClock.js'
import { enrollTestFactor } from './test/enrollTestFactor.js'
import { totpCodeAt } from './test/totpCodeAt.js'

/** Attacks on TOTP codes and MFA tokens: replays, old codes, foreign factors, reused, forged and expired tokens. */

/** The fields the MFA routes answer with (each answer has some of them). */
type MfaAnswer = {
  error: string
  code: string
  multiFactorId: string
  multiFactorTotpUrl: string
  multiFactorType: string
  multiFactors: unknown
  payload: { credentialBundle: string }
}
const read = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as MfaAnswer,
})
const invalidCode = { status: 401, body: { error: 'Invalid MFA code', code: 'INVALID_MFA_CODE' } }
const invalidToken = {
  status: 401,
  body: { error: 'invalid or expired MFA token', code: 'INVALID_MFA_TOKEN' },
}

describe.each(storeDialects)('MFA attacks on %s', (dialect) => {
  const clock = createTestClock()
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(dialect, { now: clock.now })
  })
  afterAll(() => server.cleanup())

  const pendingLogin = (user: MfaTestUser) =>
    sealMfaToken(server.app.sigil, {
      organizationId: user.organizationId,
      userId: user.userId,
      targetPublicKey: createTargetKey().publicKey,
      credentialType: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
    })
  const validate = async (encryptedPayload: string, multiFactorId: string, multiFactorCode: string) =>
    read(
      await server.signer('/v1/auth-validate-multi-factors', {
        encryptedPayload,
        multiFactors: [{ multiFactorId, multiFactorCode }],
      }),
    )

  test('error: a TOTP code is refused a second time within its step', async () => {
    const user = await createMfaTestUser(server)
    const { multiFactorId, multiFactorTotpUrl } = await enrollTestFactor(server, clock, user)
    const code = await totpCodeAt(multiFactorTotpUrl, clock.now())
    expect((await validate(pendingLogin(user), multiFactorId, code)).status).toBe(200)
    // A fresh pending login (a second email code) does not make the same TOTP code good again.
    expect(await validate(pendingLogin(user), multiFactorId, code)).toEqual(invalidCode)
  })

  test('error: the code used to verify the factor cannot sign in', async () => {
    const user = await createMfaTestUser(server)
    const requested = await read(
      await server.signer('/v1/auth-request-multi-factor', {
        stampedRequest: await user.stamp('add_mfa'),
        multiFactorType: 'totp',
      }),
    )
    const code = await totpCodeAt(requested.body.multiFactorTotpUrl, clock.now())
    const verified = await server.signer('/v1/auth-verify-multi-factor', {
      stampedRequest: await user.stamp('verify_mfa'),
      multiFactorId: requested.body.multiFactorId,
      multiFactorCode: code,
    })
    expect(verified.status).toBe(200)
    expect(await validate(pendingLogin(user), requested.body.multiFactorId, code)).toEqual(invalidCode)
    clock.advance(30_000)
  })

  test('error: concurrent uses of one code: exactly one wins', async () => {
    const user = await createMfaTestUser(server)
    const { multiFactorId, multiFactorTotpUrl } = await enrollTestFactor(server, clock, user)
    const code = await totpCodeAt(multiFactorTotpUrl, clock.now())
    const results = await Promise.all(
      Array.from({ length: 5 }, () => validate(pendingLogin(user), multiFactorId, code)),
    )
    expect(results.filter((result) => result.status === 200)).toHaveLength(1)
    for (const result of results.filter((result) => result.status !== 200))
      expect(result).toEqual(invalidCode)
  })

  test('error: a code from 3 steps ago is refused', async () => {
    const user = await createMfaTestUser(server)
    const { multiFactorId, multiFactorTotpUrl } = await enrollTestFactor(server, clock, user)
    clock.advance(120_000)
    const old = await totpCodeAt(multiFactorTotpUrl, clock.now() - 90_000)
    const current = await totpCodeAt(multiFactorTotpUrl, clock.now())
    const encryptedPayload = pendingLogin(user)
    if (old !== current) expect(await validate(encryptedPayload, multiFactorId, old)).toEqual(invalidCode)
    const future = await totpCodeAt(multiFactorTotpUrl, clock.now() + 90_000)
    if (future !== current)
      expect(await validate(encryptedPayload, multiFactorId, future)).toEqual(invalidCode)
    // A wrong code does not use the token up: the right one still signs in.
    expect((await validate(encryptedPayload, multiFactorId, current)).status).toBe(200)
  })

  test("error: another user's factor id is refused", async () => {
    const alice = await createMfaTestUser(server)
    const mallory = await createMfaTestUser(server)
    const alices = await enrollTestFactor(server, clock, alice)
    const mallorys = await enrollTestFactor(server, clock, mallory)
    const code = await totpCodeAt(mallorys.multiFactorTotpUrl, clock.now())
    // Mallory's own factor and code against Alice's pending login.
    expect(await validate(pendingLogin(alice), mallorys.multiFactorId, code)).toEqual(invalidCode)
    // …and cannot verify or delete it from Alice's session.
    const notFound = { status: 404, body: { error: 'MFA factor not found', code: 'MFA_FACTOR_NOT_FOUND' } }
    expect(
      await read(
        await server.signer('/v1/auth-verify-multi-factor', {
          stampedRequest: await alice.stamp('verify_mfa'),
          multiFactorId: mallorys.multiFactorId,
          multiFactorCode: code,
        }),
      ),
    ).toEqual(notFound)
    expect(
      await read(
        await server.signer('/v1/auth-delete-multi-factors', {
          stampedRequest: await alice.stamp('delete_mfas'),
          multiFactorIds: [mallorys.multiFactorId],
          multiFactors: [
            {
              multiFactorId: alices.multiFactorId,
              multiFactorCode: await totpCodeAt(alices.multiFactorTotpUrl, clock.now()),
            },
          ],
        }),
      ),
    ).toEqual(notFound)
    const malloryList = await read(
      await server.signer('/v1/auth-list-multi-factors', {
        stampedRequest: await mallory.stamp('list_mfas'),
      }),
    )
    expect(malloryList.body.multiFactors).toEqual([
      { multiFactorId: mallorys.multiFactorId, multiFactorType: 'totp', createdAt: expect.any(String) },
    ])
  })

  test('error: an MFA token is accepted once', async () => {
    const user = await createMfaTestUser(server)
    const { multiFactorId, multiFactorTotpUrl } = await enrollTestFactor(server, clock, user)
    const encryptedPayload = pendingLogin(user)
    expect(
      (await validate(encryptedPayload, multiFactorId, await totpCodeAt(multiFactorTotpUrl, clock.now())))
        .status,
    ).toBe(200)
    clock.advance(30_000)
    // A fresh, valid code: the token alone is what is refused.
    expect(
      await validate(encryptedPayload, multiFactorId, await totpCodeAt(multiFactorTotpUrl, clock.now())),
    ).toEqual(invalidToken)
  })

  test('error: a tampered or forged MFA token is refused', async () => {
    const user = await createMfaTestUser(server)
    const { multiFactorId, multiFactorTotpUrl } = await enrollTestFactor(server, clock, user)
    const code = await totpCodeAt(multiFactorTotpUrl, clock.now())
    const encryptedPayload = pendingLogin(user)
    const envelope = JSON.parse(new TextDecoder().decode(base64urlDecode(encryptedPayload))) as Record<
      string,
      string
    >
    const flip = (text: string) =>
      text[5] === 'A' ? `${text.slice(0, 5)}B${text.slice(6)}` : `${text.slice(0, 5)}A${text.slice(6)}`
    const forgeries = [
      base64urlEncode(JSON.stringify({ ...envelope, ct: flip(envelope.ct!) })),
      base64urlEncode(JSON.stringify({ ...envelope, iv: flip(envelope.iv!) })),
      base64urlEncode(JSON.stringify({ ...envelope, wk: flip(envelope.wk!) })),
      // Sealed under the master key but for another purpose (aad): not an MFA token.
      base64urlEncode(
        server.app.sigil.vault.seal(
          new TextEncoder().encode(
            JSON.stringify({
              v: 1,
              jti: 'x',
              exp: clock.now() + 60_000,
              organizationId: user.organizationId,
              userId: user.userId,
              targetPublicKey: createTargetKey().publicKey,
              credentialType: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
            }),
          ),
          'mfa_factor:x',
        ),
      ),
      base64urlEncode(JSON.stringify({ v: 1, userId: user.userId })),
      'not-a-token',
      '%%%',
    ]
    for (const forged of forgeries) expect(await validate(forged, multiFactorId, code)).toEqual(invalidToken)
    // The real token still works (nothing was used up by the forgeries).
    expect((await validate(encryptedPayload, multiFactorId, code)).status).toBe(200)
  })

  test('error: an expired MFA token is refused', async () => {
    const user = await createMfaTestUser(server)
    const { multiFactorId, multiFactorTotpUrl } = await enrollTestFactor(server, clock, user)
    const encryptedPayload = pendingLogin(user)
    clock.advance(5 * 60_000 + 1000)
    expect(
      await validate(encryptedPayload, multiFactorId, await totpCodeAt(multiFactorTotpUrl, clock.now())),
    ).toEqual(invalidToken)
  })
})
