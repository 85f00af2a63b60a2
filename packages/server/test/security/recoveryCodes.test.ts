import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readMailboxCode } from '../../src/auth/email/test/readMailboxCode.js'
import { sealMfaToken } from '../../src/auth/mfa/sealMfaToken.js'
import { createMfaTestUser, type MfaTestUser } from '../../src/auth/mfa/test/createMfaTestUser.js'
import { createTestClock } from '../../src/auth/mfa/test/createTestClock.js'
import { totpCodeAt } from '../../src/auth/mfa/test/totpCodeAt.js'
import { createLogger } from '../../src/log/createLogger.js'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createTargetKey, stampRequest } from '../../src/test/createTargetKey.js'
import { createTestServer, type TestServer } from '../../src/test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'

/*
 * Recovery codes (docs/security.md, "Recovery codes") attacked through the real listener: a used
 * code again, two concurrent uses of one code, guessing, another user's code, a code replaced by new
 * ones, and the codes showing up anywhere after the one answer that shows them.
 */

type Answer = {
  error?: string
  code?: string
  status?: string
  encryptedPayload?: string
  multiFactorId?: string
  multiFactorTotpUrl?: string
  recoveryCodes?: string[]
  unusedRecoveryCodes?: number
  payload?: { credentialBundle?: string }
  orgId?: string
  otpId?: string
}

const invalidCode = { status: 401, body: { error: 'Invalid MFA code', code: 'INVALID_MFA_CODE' } }

describe.each(storeDialects)('recovery code attacks on %s', (dialect) => {
  const clock = createTestClock()
  const logLines: string[] = []
  let server: TestServer
  let listener: LocalListener
  beforeAll(async () => {
    server = await createTestServer(dialect, {
      now: clock.now,
      logger: createLogger({ level: 'debug', write: (line) => logLines.push(line) }),
    })
    listener = await serveOnLocalPort(server.app)
  })
  afterAll(async () => {
    await listener.close()
    await server.cleanup()
  })

  /** POST to `/signer<path>` through the listener, with the test app's bearer key. */
  const signer = async (path: string, body: unknown) => {
    const response = await fetch(`${listener.url}/signer${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.signerApp.apiKey}` },
    })
    return {
      status: response.status,
      text: await response.clone().text(),
      body: (await response.json()) as Answer,
    }
  }
  /** A user with a verified TOTP factor and the recovery codes its verification showed. */
  const enrolled = async (given?: Pick<MfaTestUser, 'stamp' | 'userId' | 'organizationId' | 'email'>) => {
    const user = given ?? (await createMfaTestUser(server))
    const requested = await signer('/v1/auth-request-multi-factor', {
      stampedRequest: await user.stamp('add_mfa'),
      multiFactorType: 'totp',
    })
    const { multiFactorId, multiFactorTotpUrl } = requested.body as Required<Answer>
    const verified = await signer('/v1/auth-verify-multi-factor', {
      stampedRequest: await user.stamp('verify_mfa'),
      multiFactorId,
      multiFactorCode: await totpCodeAt(multiFactorTotpUrl, clock.now()),
    })
    expect(verified.status).toBe(200)
    clock.advance(30_000)
    return { user, multiFactorId, multiFactorTotpUrl, recoveryCodes: verified.body.recoveryCodes ?? [] }
  }
  /** A user who signed up by email through the listener, with the session of that sign-up. */
  const signUpByEmail = async (email: string) => {
    const target = createTargetKey()
    const started = await signer('/v1/signup', { email, targetPublicKey: target.publicKey })
    const otpCode = await readMailboxCode(server, email)
    const { orgId, otpId } = started.body as Required<Answer>
    const signedIn = await signer('/v1/otp', { orgId, otpId, otpCode, targetPublicKey: target.publicKey })
    const session = await target.open((signedIn.body as { credentialBundle: string }).credentialBundle)
    const whoami = await signer('/v1/whoami', {
      stampedRequest: await stampRequest({ organizationId: orgId }, session),
    })
    const { address, userId } = whoami.body as unknown as { address: string; userId: string }
    const stamp = (marker: string) =>
      stampRequest(
        {
          organizationId: orgId,
          type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
          timestampMs: String(clock.now()),
          parameters: {
            signWith: address,
            payload: marker,
            encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
            hashFunction: 'HASH_FUNCTION_NO_OP',
          },
        },
        session,
      )
    return { email, userId, organizationId: orgId, stamp }
  }
  const pendingLogin = (user: Pick<MfaTestUser, 'userId' | 'organizationId'>) =>
    sealMfaToken(server.app.sigil, {
      organizationId: user.organizationId,
      userId: user.userId,
      targetPublicKey: createTargetKey().publicKey,
      credentialType: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
    })
  const validate = (encryptedPayload: string, recoveryCode: string) =>
    signer('/v1/auth-validate-multi-factors', { encryptedPayload, multiFactors: [{ recoveryCode }] })
  const answer = (result: { status: number; body: Answer }) => ({ status: result.status, body: result.body })

  test('default: the first factor shows 10 distinct codes of 50 bits; one finishes an email sign-in', async () => {
    const { user, recoveryCodes } = await enrolled(await signUpByEmail(`recovery-${dialect}@example.com`))
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/)

    const target = createTargetKey()
    const started = await signer('/v1/auth', { email: user.email, targetPublicKey: target.publicKey })
    expect(answer(started)).toEqual({
      status: 200,
      body: expect.objectContaining({ otpId: expect.any(String) }),
    })
    const otpCode = await readMailboxCode(server, user.email)
    const first = await signer('/v1/otp', {
      orgId: started.body.orgId,
      otpId: started.body.otpId,
      otpCode,
      targetPublicKey: target.publicKey,
    })
    expect(first.body.status).toBe('MFA_REQUIRED')
    // Typed in lower case with a space instead of the dash: the same code.
    const typed = recoveryCodes[0]!.toLowerCase().replace('-', ' ')
    const validated = await validate(first.body.encryptedPayload!, typed)
    expect(validated.status).toBe(200)
    const session = await target.open(validated.body.payload!.credentialBundle!)
    const whoami = await signer('/v1/whoami', {
      stampedRequest: await stampRequest({ organizationId: user.organizationId }, session),
    })
    expect(whoami.body).toMatchObject({ userId: user.userId })

    const count = await signer('/v1/auth-list-recovery-codes', {
      stampedRequest: await user.stamp('list_recovery_codes'),
    })
    expect(answer(count)).toEqual({ status: 200, body: { unusedRecoveryCodes: 9 } })
  })

  test('error: a used code is refused the second time', async () => {
    const { user, recoveryCodes } = await enrolled()
    expect((await validate(pendingLogin(user), recoveryCodes[1]!)).status).toBe(200)
    expect(answer(await validate(pendingLogin(user), recoveryCodes[1]!))).toEqual(invalidCode)
  })

  test('error: concurrent uses of one code: exactly one wins', async () => {
    const { user, recoveryCodes } = await enrolled()
    const results = await Promise.all(
      Array.from({ length: 6 }, () => validate(pendingLogin(user), recoveryCodes[2]!)),
    )
    expect(results.filter((result) => result.status === 200)).toHaveLength(1)
    for (const result of results.filter((result) => result.status !== 200))
      expect(answer(result)).toEqual(invalidCode)
  })

  test('error: guessing codes kills the pending login at the fifth wrong one, as TOTP codes do', async () => {
    const { user, recoveryCodes } = await enrolled()
    const encryptedPayload = pendingLogin(user)
    for (let attempt = 1; attempt <= 5; attempt++)
      expect(answer(await validate(encryptedPayload, `AAAAA-AAAA${'BCDEF'[attempt - 1]}`))).toEqual(
        invalidCode,
      )
    // The right code no longer helps this login: it is dead.
    expect(answer(await validate(encryptedPayload, recoveryCodes[3]!))).toEqual({
      status: 401,
      body: { error: 'invalid or expired MFA token', code: 'INVALID_MFA_TOKEN' },
    })
    // Wrong recovery codes count under the per-user limit of wrong MFA codes (10 in 15 minutes)
    // too, across pending logins: the sixth on fresh logins (the eleventh in all) is refused unchecked.
    const statuses = []
    for (let attempt = 0; attempt < 6; attempt++)
      statuses.push((await validate(pendingLogin(user), 'ZZZZZ-ZZZZZ')).status)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
    // The code itself was not used up by the refusals.
    const count = await signer('/v1/auth-list-recovery-codes', {
      stampedRequest: await user.stamp('list_recovery_codes'),
    })
    expect(count.body.unusedRecoveryCodes).toBe(10)
  })

  test("error: another user's code does not open this user's login", async () => {
    const alice = await enrolled()
    const bob = await enrolled()
    expect(answer(await validate(pendingLogin(bob.user), alice.recoveryCodes[0]!))).toEqual(invalidCode)
    // Nor was Alice's code spent by the try.
    expect((await validate(pendingLogin(alice.user), alice.recoveryCodes[0]!)).status).toBe(200)
  })

  test('error: after new codes are made, the old ones are dead; making them needs the second factor', async () => {
    const { user, multiFactorTotpUrl, recoveryCodes } = await enrolled()
    const withoutCode = await signer('/v1/auth-generate-recovery-codes', {
      stampedRequest: await user.stamp('generate_recovery_codes'),
    })
    expect(withoutCode.status).toBe(400)
    expect(withoutCode.body.code).toBe('MFA_REQUIRED')
    const [multiFactorId] = (
      (await signer('/v1/auth-list-multi-factors', { stampedRequest: await user.stamp('list_mfas') }))
        .body as {
        multiFactors: { multiFactorId: string }[]
      }
    ).multiFactors.map((factor) => factor.multiFactorId)
    const regenerated = await signer('/v1/auth-generate-recovery-codes', {
      stampedRequest: await user.stamp('generate_recovery_codes'),
      multiFactors: [{ multiFactorId, multiFactorCode: await totpCodeAt(multiFactorTotpUrl, clock.now()) }],
    })
    expect(regenerated.status).toBe(200)
    const fresh = regenerated.body.recoveryCodes!
    expect(fresh).toHaveLength(10)
    for (const code of recoveryCodes) expect(fresh).not.toContain(code)
    expect(answer(await validate(pendingLogin(user), recoveryCodes[4]!))).toEqual(invalidCode)
    expect((await validate(pendingLogin(user), fresh[0]!)).status).toBe(200)
  })

  test('behavior: removing the last factor deletes the codes; a new first factor gets new ones', async () => {
    const { user, multiFactorId, multiFactorTotpUrl, recoveryCodes } = await enrolled()
    const deleted = await signer('/v1/auth-delete-multi-factors', {
      stampedRequest: await user.stamp('delete_mfas'),
      multiFactorIds: [multiFactorId],
      multiFactors: [{ multiFactorId, multiFactorCode: await totpCodeAt(multiFactorTotpUrl, clock.now()) }],
    })
    expect(deleted.status).toBe(200)
    const count = await signer('/v1/auth-list-recovery-codes', {
      stampedRequest: await user.stamp('list_recovery_codes'),
    })
    expect(count.body.unusedRecoveryCodes).toBe(0)
    const rows = await server.store.db
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute()
    expect(rows).toEqual([])
    clock.advance(30_000)
    // Signing in needs no second factor now, and a new first factor shows new codes.
    const again = await signer('/v1/auth-request-multi-factor', {
      stampedRequest: await user.stamp('add_mfa'),
      multiFactorType: 'totp',
    })
    const verified = await signer('/v1/auth-verify-multi-factor', {
      stampedRequest: await user.stamp('verify_mfa'),
      multiFactorId: again.body.multiFactorId,
      multiFactorCode: await totpCodeAt(again.body.multiFactorTotpUrl!, clock.now()),
    })
    expect(verified.body.recoveryCodes).toHaveLength(10)
    for (const code of recoveryCodes) expect(verified.body.recoveryCodes).not.toContain(code)
    clock.advance(30_000)
  })

  test('behavior: codes never appear in logs, in the database, or in any later answer', async () => {
    const { user, multiFactorId, multiFactorTotpUrl, recoveryCodes } = await enrolled()
    const later: string[] = []
    later.push((await validate(pendingLogin(user), recoveryCodes[0]!)).text)
    later.push((await validate(pendingLogin(user), recoveryCodes[0]!)).text)
    later.push(
      (
        await signer('/v1/auth-list-recovery-codes', {
          stampedRequest: await user.stamp('list_recovery_codes'),
        })
      ).text,
    )
    later.push(
      (await signer('/v1/auth-list-multi-factors', { stampedRequest: await user.stamp('list_mfas') })).text,
    )
    // Replacing the factor keeps the codes and does not show them again.
    const replaced = await signer('/v1/auth-request-multi-factor', {
      stampedRequest: await user.stamp('add_mfa'),
      multiFactorType: 'totp',
      multiFactors: [{ multiFactorId, multiFactorCode: await totpCodeAt(multiFactorTotpUrl, clock.now()) }],
    })
    later.push(replaced.text)
    const verified = await signer('/v1/auth-verify-multi-factor', {
      stampedRequest: await user.stamp('verify_mfa'),
      multiFactorId: replaced.body.multiFactorId,
      multiFactorCode: await totpCodeAt(replaced.body.multiFactorTotpUrl!, clock.now()),
    })
    expect(verified.status).toBe(200)
    expect(verified.body.recoveryCodes).toBeUndefined()
    later.push(verified.text)
    const stored = JSON.stringify(
      await server.store.db
        .selectFrom('recovery_codes')
        .selectAll()
        .where('user_id', '=', user.userId)
        .execute(),
    )
    expect(logLines.length).toBeGreaterThan(0)
    const everything = [...later, stored, ...logLines].join('\n').toUpperCase()
    for (const code of recoveryCodes) {
      expect(everything).not.toContain(code)
      expect(everything).not.toContain(code.replace('-', ''))
    }
    clock.advance(30_000)
  })
})
