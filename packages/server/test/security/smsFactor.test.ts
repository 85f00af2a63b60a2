import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readMailboxCode } from '../../src/auth/email/test/readMailboxCode.js'
import { createMfaTestUser } from '../../src/auth/mfa/test/createMfaTestUser.js'
import { createTestClock } from '../../src/auth/mfa/test/createTestClock.js'
import { totpCodeAt } from '../../src/auth/mfa/test/totpCodeAt.js'
import { readSmsCode } from '../../src/auth/sms/test/readSmsCode.js'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createTargetKey, stampRequest } from '../../src/test/createTargetKey.js'
import { createTestServer, type TestKey, type TestServer } from '../../src/test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'

/*
 * Text-message codes as a second factor (docs/protocol.md, "Text-message codes") attacked through
 * the real listener. The attacker is another user of the app with its own phone and session, someone
 * holding the victim's pending login (first factor passed), or a phone holder who signs in by SMS.
 */

type Answer = {
  error?: string
  code?: string
  status?: string
  orgId?: string
  otpId?: string
  userId?: string
  encryptedPayload?: string
  credentialBundle?: string
  multiFactorId?: string
  multiFactorType?: string
  multiFactorTotpUrl?: string
  recoveryCodes?: string[]
  multiFactors?: { multiFactorId: string; multiFactorType: string }[]
  payload?: { credentialBundle?: string }
  verificationToken?: string
}

type PhoneUser = { phone: string; orgId: string; userId: string; session: TestKey }

const invalidCode = { status: 401, body: { error: 'Invalid MFA code', code: 'INVALID_MFA_CODE' } }

describe.each(storeDialects)('SMS second-factor attacks on %s', (dialect) => {
  const clock = createTestClock()
  let server: TestServer
  let listener: LocalListener
  beforeAll(async () => {
    server = await createTestServer(dialect, {
      now: clock.now,
      // One address sends every request, a few numbers get many texts here (the per-number limit has
      // its own test below); a small per-user MFA failure limit to reach it quickly.
      rateLimits: {
        emailSendsPerIp: { points: 1000, duration: 600 },
        emailSendsPerAddress: { points: 1000, duration: 180 },
        mfaFailuresPerUser: { points: 4, duration: 900 },
      },
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
    return { status: response.status, body: (await response.json()) as Answer }
  }
  const stamp = (user: { orgId: string; session: TestKey }, marker: string) =>
    stampRequest(
      {
        organizationId: user.orgId,
        type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        timestampMs: String(clock.now()),
        parameters: { payload: marker, encoding: 'PAYLOAD_ENCODING_HEXADECIMAL' },
      },
      user.session,
      'https://api.turnkey.com/public/v1/submit/sign_raw_payload',
    )
  const textsTo = async (phone: string) =>
    (await server.store.db.selectFrom('dev_sms').select('id').where('to_number', '=', phone).execute()).length

  let numbers = 0
  const newPhone = () => `+14155550${300 + ++numbers}`

  /** A user who signed up by SMS (the code proves the number) with a live session. */
  const phoneUser = async (): Promise<PhoneUser> => {
    const phone = newPhone()
    const target = createTargetKey()
    const signup = await signer('/v1/signup', { phone, targetPublicKey: target.publicKey })
    expect(signup.status).toBe(200)
    const { orgId, otpId } = signup.body as Required<Answer>
    const otp = await signer('/v1/otp', {
      orgId,
      otpId,
      otpCode: await readSmsCode(server, phone),
      targetPublicKey: target.publicKey,
    })
    expect(otp.body.status).toBe('SUCCESS')
    const session = await target.open(otp.body.credentialBundle!)
    const whoami = await signer('/v1/whoami', {
      stampedRequest: await stampRequest({ organizationId: orgId }, session),
    })
    return { phone, orgId, userId: whoami.body.userId!, session }
  }
  /** Adds and verifies the user's SMS factor through the routes (gated with `multiFactors` if given). */
  const enrolSms = async (user: PhoneUser, extra: Record<string, unknown> = {}) => {
    const requested = await signer('/v1/auth-request-multi-factor', {
      stampedRequest: await stamp(user, 'add_mfa'),
      multiFactorType: 'sms',
      ...extra,
    })
    expect(requested).toMatchObject({ status: 200, body: { multiFactorType: 'sms' } })
    const multiFactorId = requested.body.multiFactorId!
    const verified = await signer('/v1/auth-verify-multi-factor', {
      stampedRequest: await stamp(user, 'verify_mfa'),
      multiFactorId,
      multiFactorCode: await readSmsCode(server, user.phone),
    })
    expect(verified.status).toBe(200)
    return { multiFactorId, recoveryCodes: verified.body.recoveryCodes }
  }
  /** Signs in again by SMS up to the MFA gate: the pending login's token. */
  const pendingLogin = async (user: PhoneUser) => {
    const target = createTargetKey()
    const auth = await signer('/v1/auth', { phone: user.phone, targetPublicKey: target.publicKey })
    expect(auth.status).toBe(200)
    const signInCode = await readSmsCode(server, user.phone)
    const otp = await signer('/v1/otp', {
      orgId: auth.body.orgId,
      otpId: auth.body.otpId,
      otpCode: signInCode,
      targetPublicKey: target.publicKey,
    })
    expect(otp.body.status).toBe('MFA_REQUIRED')
    return { encryptedPayload: otp.body.encryptedPayload!, multiFactors: otp.body.multiFactors, signInCode }
  }
  const sendLoginCode = (encryptedPayload: string, multiFactorId: string) =>
    signer('/v1/auth-send-multi-factor-code', { encryptedPayload, multiFactorId })
  const validate = (encryptedPayload: string, multiFactorId: string, multiFactorCode: string) =>
    signer('/v1/auth-validate-multi-factors', {
      encryptedPayload,
      multiFactors: [{ multiFactorId, multiFactorCode }],
    })
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  test('default: add by text, sign in with a texted code (recovery codes shown once), the gate takes it', async () => {
    const user = await phoneUser()
    const { multiFactorId, recoveryCodes } = await enrolSms(user)
    expect(recoveryCodes).toHaveLength(10)
    const login = await pendingLogin(user)
    expect(login.multiFactors).toEqual([{ multiFactorId, multiFactorType: 'sms' }])
    expect(await sendLoginCode(login.encryptedPayload, multiFactorId)).toEqual({ status: 200, body: {} })
    const validated = await validate(
      login.encryptedPayload,
      multiFactorId,
      await readSmsCode(server, user.phone),
    )
    expect(validated.status).toBe(200)
    expect(validated.body.payload?.credentialBundle).toBeTruthy()

    // A stamped gate: without a code MFA_REQUIRED; with a session code texted on request it passes.
    const bare = await signer('/v1/auth-delete-multi-factors', {
      stampedRequest: await stamp(user, 'delete_mfas'),
      multiFactorIds: [multiFactorId],
    })
    expect(bare).toMatchObject({ status: 400, body: { code: 'MFA_REQUIRED' } })
    const sent = await signer('/v1/auth-send-multi-factor-code', {
      stampedRequest: await stamp(user, 'send_mfa_code'),
      multiFactorId,
    })
    expect(sent.status).toBe(200)
    const removed = await signer('/v1/auth-delete-multi-factors', {
      stampedRequest: await stamp(user, 'delete_mfas'),
      multiFactorIds: [multiFactorId],
      multiFactors: [{ multiFactorId, multiFactorCode: await readSmsCode(server, user.phone) }],
    })
    expect(removed).toEqual({ status: 200, body: { multiFactors: [] } })
  })

  test('error: a user without a proven phone number cannot add text-message codes', async () => {
    const emailUser = await createMfaTestUser(server)
    const requested = await signer('/v1/auth-request-multi-factor', {
      stampedRequest: await emailUser.stamp('add_mfa', { timestampMs: String(clock.now()) }),
      multiFactorType: 'sms',
    })
    expect(requested).toMatchObject({ status: 400, body: { code: 'PHONE_REQUIRED' } })
  })

  test('error: another user cannot have codes texted for the victim’s factor, nor to the victim’s number', async () => {
    const victim = await phoneUser()
    const { multiFactorId: victimFactor } = await enrolSms(victim)
    const victimTexts = await textsTo(victim.phone)
    const attacker = await phoneUser()
    // Naming the victim's number in the body changes nothing: the code goes to the attacker's own.
    const { multiFactorId: attackerFactor } = await enrolSms(attacker, {
      phone: victim.phone,
      phoneNumber: victim.phone,
    })
    const attackerTexts = await textsTo(attacker.phone)

    // The attacker's session, the victim's factor.
    const stamped = await signer('/v1/auth-send-multi-factor-code', {
      stampedRequest: await stamp(attacker, 'send_mfa_code'),
      multiFactorId: victimFactor,
    })
    expect(stamped).toMatchObject({ status: 404, body: { code: 'MFA_FACTOR_NOT_FOUND' } })
    // The attacker's own pending login, the victim's factor.
    const login = await pendingLogin(attacker)
    expect(await sendLoginCode(login.encryptedPayload, victimFactor)).toMatchObject({
      status: 404,
      body: { code: 'MFA_FACTOR_NOT_FOUND' },
    })
    expect(await textsTo(victim.phone)).toBe(victimTexts)
    // Only the attacker's sign-in code went out, to the attacker's number; never a code for the victim.
    expect(await textsTo(attacker.phone)).toBe(attackerTexts + 1)
    // A victim's factor code never validates the attacker's login, nor the reverse.
    expect(await sendLoginCode(login.encryptedPayload, attackerFactor)).toMatchObject({ status: 200 })
    const code = await readSmsCode(server, attacker.phone)
    expect(await validate(login.encryptedPayload, victimFactor, code)).toMatchObject(invalidCode)
  })

  test('error: a code sent for one pending login does not validate another', async () => {
    const user = await phoneUser()
    const { multiFactorId } = await enrolSms(user)
    const first = await pendingLogin(user)
    const second = await pendingLogin(user)
    expect((await sendLoginCode(first.encryptedPayload, multiFactorId)).status).toBe(200)
    const code = await readSmsCode(server, user.phone)
    expect(await validate(second.encryptedPayload, multiFactorId, code)).toMatchObject(invalidCode)
    // Nor a signed-in gate (scope `session`).
    const gate = await signer('/v1/auth-generate-recovery-codes', {
      stampedRequest: await stamp(user, 'generate_recovery_codes'),
      multiFactors: [{ multiFactorId, multiFactorCode: code }],
    })
    expect(gate).toMatchObject(invalidCode)
    const right = await validate(first.encryptedPayload, multiFactorId, code)
    expect(right.status).toBe(200)
    // Used once.
    expect((await validate(first.encryptedPayload, multiFactorId, code)).body.code).toBe('INVALID_MFA_TOKEN')
  })

  test('error: the SMS sign-in code does not pass the SMS second factor', async () => {
    const user = await phoneUser()
    const { multiFactorId } = await enrolSms(user)
    const login = await pendingLogin(user)
    // Before any factor code was sent, and after one was.
    expect(await validate(login.encryptedPayload, multiFactorId, login.signInCode)).toMatchObject(invalidCode)
    expect((await sendLoginCode(login.encryptedPayload, multiFactorId)).status).toBe(200)
    const factorCode = await readSmsCode(server, user.phone)
    if (factorCode !== login.signInCode)
      expect(await validate(login.encryptedPayload, multiFactorId, login.signInCode)).toMatchObject(
        invalidCode,
      )
    // Nor along with the first factor (`/v1/otp`'s `multiFactors`), where no texted code is taken.
    const target = createTargetKey()
    const auth = await signer('/v1/auth', { phone: user.phone, targetPublicKey: target.publicKey })
    const signInCode = await readSmsCode(server, user.phone)
    const otp = await signer('/v1/otp', {
      orgId: auth.body.orgId,
      otpId: auth.body.otpId,
      otpCode: signInCode,
      targetPublicKey: target.publicKey,
      multiFactors: [{ multiFactorId, multiFactorCode: signInCode }],
    })
    expect(otp).toMatchObject(invalidCode)
  })

  test('error: three wrong tries kill a texted code; an enrolment code passes no gate', async () => {
    const user = await phoneUser()
    const requested = await signer('/v1/auth-request-multi-factor', {
      stampedRequest: await stamp(user, 'add_mfa'),
      multiFactorType: 'sms',
    })
    const multiFactorId = requested.body.multiFactorId!
    const enrolCode = await readSmsCode(server, user.phone)
    const verify = async (multiFactorCode: string) =>
      signer('/v1/auth-verify-multi-factor', {
        stampedRequest: await stamp(user, 'verify_mfa'),
        multiFactorId,
        multiFactorCode,
      })
    for (let wrong = 0; wrong < 3; wrong++)
      expect(await verify(otherCode(enrolCode))).toMatchObject(invalidCode)
    expect(await verify(enrolCode)).toMatchObject(invalidCode)
    // A new code (stamped resend) verifies the factor; it is not then good at a gate.
    expect(
      (
        await signer('/v1/auth-send-multi-factor-code', {
          stampedRequest: await stamp(user, 'send_mfa_code'),
          multiFactorId,
        })
      ).status,
    ).toBe(200)
    const fresh = await readSmsCode(server, user.phone)
    expect((await verify(fresh)).status).toBe(200)
    const gate = await signer('/v1/auth-generate-recovery-codes', {
      stampedRequest: await stamp(user, 'generate_recovery_codes'),
      multiFactors: [{ multiFactorId, multiFactorCode: fresh }],
    })
    expect(gate).toMatchObject(invalidCode)
  })

  test('error: wrong texted codes count against the per-user MFA failure limit shared with TOTP', async () => {
    const user = await phoneUser()
    const { multiFactorId: smsFactor } = await enrolSms(user)
    // A TOTP factor too (behind the gate: a session code).
    await signer('/v1/auth-send-multi-factor-code', {
      stampedRequest: await stamp(user, 'send_mfa_code'),
      multiFactorId: smsFactor,
    })
    const addTotp = await signer('/v1/auth-request-multi-factor', {
      stampedRequest: await stamp(user, 'add_mfa'),
      multiFactorType: 'totp',
      multiFactors: [{ multiFactorId: smsFactor, multiFactorCode: await readSmsCode(server, user.phone) }],
    })
    expect(addTotp.status).toBe(200)
    const { multiFactorId: totpFactor, multiFactorTotpUrl } = addTotp.body as Required<Answer>
    const verified = await signer('/v1/auth-verify-multi-factor', {
      stampedRequest: await stamp(user, 'verify_mfa'),
      multiFactorId: totpFactor,
      multiFactorCode: await totpCodeAt(multiFactorTotpUrl, clock.now()),
    })
    expect(verified.status).toBe(200)
    clock.advance(30_000)

    // Four wrong texted codes over two pending logins reach the limit (4 here)…
    for (let round = 0; round < 2; round++) {
      const login = await pendingLogin(user)
      expect((await sendLoginCode(login.encryptedPayload, smsFactor)).status).toBe(200)
      const right = await readSmsCode(server, user.phone)
      for (let wrong = 0; wrong < 2; wrong++)
        expect(await validate(login.encryptedPayload, smsFactor, otherCode(right))).toMatchObject(invalidCode)
    }
    // … and then even the right TOTP code is refused.
    const login = await pendingLogin(user)
    const totp = await validate(
      login.encryptedPayload,
      totpFactor,
      await totpCodeAt(multiFactorTotpUrl, clock.now()),
    )
    expect(totp.status).toBe(429)
    // And no more codes are texted to a user whose gate is closed.
    expect((await sendLoginCode(login.encryptedPayload, smsFactor)).status).toBe(429)
  })

  test('error: the phone number an SMS factor texts is neither removed nor changed until the factor goes', async () => {
    const user = await phoneUser()
    // A second sign-in method (an email), so that removing the phone is not refused as the last one.
    const email = `sms-factor-${dialect}-${++numbers}@example.com`
    const emailToken = await verifyContact('OTP_TYPE_EMAIL', email)
    expect((await updateContact(user, 'email', email, emailToken)).status).toBe(200)
    const { multiFactorId } = await enrolSms(user)
    const sessionCode = async () => {
      await signer('/v1/auth-send-multi-factor-code', {
        stampedRequest: await stamp(user, 'send_mfa_code'),
        multiFactorId,
      })
      return [{ multiFactorId, multiFactorCode: await readSmsCode(server, user.phone) }]
    }
    const removal = await updateContact(user, 'phone', '', undefined, await sessionCode())
    expect(removal).toMatchObject({ status: 400, body: { code: 'PHONE_USED_BY_MFA' } })
    const newNumber = newPhone()
    const phoneToken = await verifyContact('OTP_TYPE_SMS', newNumber)
    const change = await updateContact(user, 'phone', newNumber, phoneToken, await sessionCode())
    expect(change).toMatchObject({ status: 400, body: { code: 'PHONE_USED_BY_MFA' } })
    // Still the user's number, and the factor still gates sign-in.
    expect((await pendingLogin(user)).multiFactors).toEqual([{ multiFactorId, multiFactorType: 'sms' }])

    const deleted = await signer('/v1/auth-delete-multi-factors', {
      stampedRequest: await stamp(user, 'delete_mfas'),
      multiFactorIds: [multiFactorId],
      multiFactors: await sessionCode(),
    })
    expect(deleted.status).toBe(200)
    expect((await updateContact(user, 'phone', '')).status).toBe(200)
  })

  /** `/v1/init-otp`, the code, `/v1/verify-otp`: a verification token for `contact`. */
  const verifyContact = async (otpType: 'OTP_TYPE_SMS' | 'OTP_TYPE_EMAIL', contact: string) => {
    const init = await signer('/v1/init-otp', { otpType, contact })
    expect(init.status).toBe(200)
    const code =
      otpType === 'OTP_TYPE_SMS' ? await readSmsCode(server, contact) : await readMailboxCode(server, contact)
    const verify = await signer('/v1/verify-otp', { otpId: init.body.otpId, otpCode: code })
    expect(verify.status).toBe(200)
    return verify.body.verificationToken!
  }
  /** A session-stamped `/v1/update-email-auth` or `/v1/update-phone-auth` (empty value: removal). */
  const updateContact = async (
    user: PhoneUser,
    kind: 'email' | 'phone',
    value: string,
    verificationToken?: string,
    multiFactors?: unknown[],
  ) =>
    signer(kind === 'email' ? '/v1/update-email-auth' : '/v1/update-phone-auth', {
      stampedRequest: await stampRequest(
        {
          type:
            kind === 'email' ? 'ACTIVITY_TYPE_UPDATE_USER_EMAIL' : 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
          timestampMs: String(clock.now()),
          organizationId: user.orgId,
          parameters: {
            userId: user.userId,
            [kind === 'email' ? 'userEmail' : 'userPhoneNumber']: value,
            ...(verificationToken !== undefined ? { verificationToken } : {}),
          },
        },
        user.session,
        'https://api.turnkey.com/public/v1/submit/update_user',
      ),
      ...(multiFactors ? { multiFactors } : {}),
    })
})

describe.each(storeDialects)('SMS second-factor send limits on %s', (dialect) => {
  let server: TestServer
  let listener: LocalListener
  beforeAll(async () => {
    server = await createTestServer(dialect, {
      rateLimits: { emailSendsPerIp: { points: 1000, duration: 600 } },
    })
    listener = await serveOnLocalPort(server.app)
  })
  afterAll(async () => {
    await listener.close()
    await server.cleanup()
  })

  test('error: second-factor texts share the per-number limit of SMS sign-in texts (3 in 3 minutes)', async () => {
    const signer = async (path: string, body: unknown) => {
      const response = await fetch(`${listener.url}/signer${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${server.signerApp.apiKey}` },
      })
      return { status: response.status, body: (await response.json()) as Answer }
    }
    const phone = `+14155550${dialect === 'sqlite' ? 401 : 402}`
    const target = createTargetKey()
    const signup = await signer('/v1/signup', { phone, targetPublicKey: target.publicKey })
    const otp = await signer('/v1/otp', {
      orgId: signup.body.orgId,
      otpId: signup.body.otpId,
      otpCode: await readSmsCode(server, phone),
      targetPublicKey: target.publicKey,
    })
    const session = await target.open(otp.body.credentialBundle!)
    const stamp = (marker: string) =>
      stampRequest(
        {
          organizationId: signup.body.orgId!,
          type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
          timestampMs: String(Date.now()),
          parameters: { payload: marker },
        },
        session,
        'https://api.turnkey.com/public/v1/submit/sign_raw_payload',
      )
    // The sign-up's text was the first; the enrolment's the second, a resend the third.
    const requested = await signer('/v1/auth-request-multi-factor', {
      stampedRequest: await stamp('add_mfa'),
      multiFactorType: 'sms',
    })
    expect(requested.status).toBe(200)
    const resend = async () =>
      signer('/v1/auth-send-multi-factor-code', {
        stampedRequest: await stamp('send_mfa_code'),
        multiFactorId: requested.body.multiFactorId,
      })
    expect((await resend()).status).toBe(200)
    expect(await resend()).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } })
    // And a sign-in text to the number is refused as well.
    const auth = await signer('/v1/auth', { phone, targetPublicKey: createTargetKey().publicKey })
    expect(auth.status).toBe(429)
  })
})
