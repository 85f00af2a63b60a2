import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createTargetKey, stampRequest } from '../../test/createTargetKey.js'
import { createTestServer, type TestKey, type TestServer } from '../../test/createTestServer.js'
import { readMailboxCode } from '../email/test/readMailboxCode.js'
import { createTestClock } from './test/createTestClock.js'
import { totpCodeAt } from './test/totpCodeAt.js'

/**
 * The whole Account Kit sequence over HTTP only: email sign-up and code → session → TOTP enrolment
 * with that session's stamps → a later sign-in answered MFA_REQUIRED → validate-multi-factors.
 */

const post = async (server: TestServer, path: string, body: unknown) => {
  const response = await server.signer(path, body)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe.each(storeDialects)('sign-in with TOTP on %s', (dialect) => {
  const clock = createTestClock()
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(dialect, { now: clock.now })
  })
  afterAll(() => server.cleanup())

  /** `/v1/signup` or `/v1/auth`, then the emailed code to `/v1/otp`. */
  const emailSignIn = async (path: '/v1/signup' | '/v1/auth', email: string, targetPublicKey: string) => {
    const started = await post(server, path, { email, targetPublicKey })
    expect(started.status).toBe(200)
    const { orgId, otpId } = started.body as { orgId: string; otpId: string }
    const otpCode = await readMailboxCode(server, email)
    return { orgId, answer: await post(server, '/v1/otp', { orgId, otpId, otpCode, targetPublicKey }) }
  }
  const mfaStamp = (orgId: string, address: string, payload: string, session: TestKey) =>
    stampRequest(
      {
        organizationId: orgId,
        type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        timestampMs: String(clock.now()),
        parameters: {
          signWith: address,
          payload,
          encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
          hashFunction: 'HASH_FUNCTION_NO_OP',
        },
      },
      session,
    )

  test('default: enrol with a session, then sign in with email code + TOTP', async () => {
    const email = 'totp-user@example.com'
    const firstTarget = createTargetKey()
    const first = await emailSignIn('/v1/signup', email, firstTarget.publicKey)
    expect(first.answer.body.status).toBe('SUCCESS')
    const session = await firstTarget.open(first.answer.body.credentialBundle as string)
    const whoami = await post(server, '/v1/whoami', {
      stampedRequest: await stampRequest({ organizationId: first.orgId }, session),
    })
    const { address, userId } = whoami.body as { address: string; userId: string }

    const requested = await post(server, '/v1/auth-request-multi-factor', {
      stampedRequest: await mfaStamp(first.orgId, address, 'add_mfa', session),
      multiFactorType: 'totp',
    })
    const { multiFactorId, multiFactorTotpUrl } = requested.body as {
      multiFactorId: string
      multiFactorTotpUrl: string
    }
    expect(multiFactorTotpUrl).toContain(`:${encodeURIComponent(email)}?secret=`)
    const verified = await post(server, '/v1/auth-verify-multi-factor', {
      stampedRequest: await mfaStamp(first.orgId, address, 'verify_mfa', session),
      multiFactorId,
      multiFactorCode: await totpCodeAt(multiFactorTotpUrl, clock.now()),
    })
    expect(verified).toEqual({
      status: 200,
      body: {
        multiFactors: [{ multiFactorId, multiFactorType: 'totp', createdAt: expect.any(String) }],
        recoveryCodes: expect.any(Array),
      },
    })
    clock.advance(30_000)

    const secondTarget = createTargetKey()
    const second = await emailSignIn('/v1/auth', email, secondTarget.publicKey)
    expect(second.answer).toEqual({
      status: 200,
      body: {
        status: 'MFA_REQUIRED',
        encryptedPayload: expect.any(String),
        // No `createdAt` here: halfway through a sign-in the answer names the factor only.
        multiFactors: [{ multiFactorId, multiFactorType: 'totp' }],
      },
    })
    const encryptedPayload = second.answer.body.encryptedPayload as string

    const wrong = await post(server, '/v1/auth-validate-multi-factors', {
      encryptedPayload,
      multiFactors: [
        { multiFactorId, multiFactorCode: await totpCodeAt(multiFactorTotpUrl, clock.now() - 300_000) },
      ],
    })
    expect(wrong).toEqual({ status: 401, body: { error: 'Invalid MFA code', code: 'INVALID_MFA_CODE' } })

    const validated = await post(server, '/v1/auth-validate-multi-factors', {
      encryptedPayload,
      multiFactors: [{ multiFactorId, multiFactorCode: await totpCodeAt(multiFactorTotpUrl, clock.now()) }],
    })
    expect(validated.status).toBe(200)
    const bundle = (validated.body.payload as { credentialBundle: string }).credentialBundle
    const secondSession = await secondTarget.open(bundle)
    const again = await post(server, '/v1/whoami', {
      stampedRequest: await stampRequest({ organizationId: second.orgId }, secondSession),
    })
    expect(again.body).toMatchObject({ userId, address, email })
    const key = await server.store.db
      .selectFrom('api_keys')
      .select('credential_type')
      .where('user_id', '=', userId)
      .where('public_key', '=', secondSession.publicKey)
      .executeTakeFirstOrThrow()
    expect(key.credential_type).toBe('CREDENTIAL_TYPE_OTP_AUTH_KEY_P256')
  })
})
