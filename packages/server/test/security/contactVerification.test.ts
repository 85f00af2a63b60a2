import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../../src/apps/createApp.js'
import { addVerifiedTotpFactor } from '../../src/auth/email/test/addVerifiedTotpFactor.js'
import { otpTestClient } from '../../src/auth/otp/test/otpTestClient.js'
import { readSmsCode } from '../../src/auth/sms/test/readSmsCode.js'
import { storeDialects } from '../../src/store/test/storeDialects.js'
import { createTargetKey } from '../../src/test/createTargetKey.js'
import { createTestServer, type TestServer } from '../../src/test/createTestServer.js'

/*
 * SMS codes and the generic one-time codes (`/v1/init-otp`, `/v1/verify-otp`,
 * `/v1/update-email-auth`, `/v1/update-phone-auth`) under attack. The attacker is a free sign-up of
 * the same app (or of another app) holding its own 15-minute session; the victim owns a phone number
 * or an email the attacker does not receive texts or mail for.
 */

describe.each(storeDialects)('contact verification attacks on %s', (dialect) => {
  let server: TestServer
  let client: ReturnType<typeof otpTestClient>
  beforeAll(async () => {
    // Every request comes from one address here: the per-IP send limit would stop the suite itself.
    server = await createTestServer(dialect, {
      rateLimits: { emailSendsPerIp: { points: 1000, duration: 600 } },
    })
    client = otpTestClient(server)
  })
  afterAll(async () => {
    await server.cleanup()
  })

  const errorOf = async (response: Response) => ({
    status: response.status,
    ...((await response.json()) as object),
  })

  test('error: a code texted to another number does not sign in to this one', async () => {
    const victim = createTargetKey()
    const victimSignup = await client.signer('/v1/signup', {
      phone: '+14155550201',
      targetPublicKey: victim.publicKey,
    })
    const victimAnswer = (await victimSignup.json()) as { orgId: string; otpId: string }
    const attacker = createTargetKey()
    await client.signer('/v1/signup', { phone: '+14155550202', targetPublicKey: attacker.publicKey })
    // The attacker's own code, against the victim's otpId.
    const otp = await client.signer('/v1/otp', {
      orgId: victimAnswer.orgId,
      otpId: victimAnswer.otpId,
      otpCode: await readSmsCode(server, '+14155550202'),
      targetPublicKey: attacker.publicKey,
    })
    expect(await errorOf(otp)).toMatchObject({ status: 400, code: 'INVALID_OTP_CODE' })
  })

  test('error: a verification token of one number does not set another', async () => {
    const attacker = await client.signUpByEmail('mallory-1@example.com')
    const ownToken = await client.verifyContact('OTP_TYPE_SMS', '+14155550203')
    const update = await client.updateContact(attacker, 'phone', '+14155550204', ownToken)
    expect(await errorOf(update)).toMatchObject({ status: 400, code: 'INVALID_VERIFICATION_TOKEN' })
    expect(await client.lookup({ phone: '+14155550204' })).toBeNull()
  })

  test('error: an unproven phone never counts: no token, the legacy unverified update, an unconfirmed SMS sign-up', async () => {
    const attacker = await client.signUpByEmail('mallory-2@example.com')
    const bare = await client.updateContact(attacker, 'phone', '+14155550205')
    expect(await errorOf(bare)).toMatchObject({ status: 400, code: 'VERIFICATION_REQUIRED' })
    const legacy = await client.updateContact(attacker, 'email', 'victim-2@example.com', undefined, {
      type: 'ACTIVITY_TYPE_UPDATE_USER',
    })
    expect(await errorOf(legacy)).toMatchObject({ status: 400, code: 'VERIFICATION_REQUIRED' })
    expect(await client.lookup({ email: 'victim-2@example.com' })).toBeNull()

    // An SMS sign-up with the victim's number stores it unproven: nothing finds the account by it.
    const target = createTargetKey()
    const signup = await client.signer('/v1/signup', {
      phone: '+14155550205',
      targetPublicKey: target.publicKey,
    })
    expect(signup.status).toBe(200)
    expect(await client.lookup({ phone: '+14155550205' })).toBeNull()
    const auth = await client.signer('/v1/auth', { phone: '+14155550205', targetPublicKey: target.publicKey })
    expect(auth.status).toBe(404)
  })

  test('error: a verify code does not sign in, and a sign-in code does not verify', async () => {
    const init = await client.initOtp('OTP_TYPE_SMS', '+14155550206')
    const { otpId } = (await init.json()) as { otpId: string }
    const target = createTargetKey()
    const signIn = await client.signer('/v1/otp', {
      orgId: '',
      otpId,
      otpCode: await readSmsCode(server, '+14155550206'),
      targetPublicKey: target.publicKey,
    })
    expect(signIn.status).toBe(400)
    const signup = await client.signer('/v1/signup', {
      phone: '+14155550207',
      targetPublicKey: target.publicKey,
    })
    const answer = (await signup.json()) as { otpId: string }
    const verify = await client.signer('/v1/verify-otp', {
      otpId: answer.otpId,
      otpCode: await readSmsCode(server, '+14155550207'),
    })
    expect(await errorOf(verify)).toMatchObject({ status: 400, code: 'INVALID_OTP_CODE' })
  })

  test("error: a session cannot change another user's email or phone, in its org or another's", async () => {
    const attacker = await client.signUpByEmail('mallory-3@example.com')
    const victim = await client.signUpByEmail('victim-3@example.com')
    const token = await client.verifyContact('OTP_TYPE_EMAIL', 'mallory-3b@example.com')
    // The victim's organization in the envelope: the attacker's key is not a key of it.
    const otherOrg = await client.updateContact(attacker, 'email', 'mallory-3b@example.com', token, {
      as: { organizationId: victim.orgId, userId: victim.userId },
    })
    expect(otherOrg.status).toBeGreaterThanOrEqual(400)
    expect(otherOrg.status).toBeLessThan(500)
    // Its own organization, the victim's user id.
    const otherUser = await client.updateContact(attacker, 'email', 'mallory-3b@example.com', token, {
      as: { userId: victim.userId },
    })
    expect(await errorOf(otherUser)).toMatchObject({ status: 403, code: 'FORBIDDEN' })
    // Removal too.
    const removal = await client.updateContact(attacker, 'email', '', undefined, {
      as: { userId: victim.userId },
    })
    expect(await errorOf(removal)).toMatchObject({ status: 403, code: 'FORBIDDEN' })
    expect(await client.lookup({ email: 'victim-3@example.com' })).toBe(victim.orgId)
  })

  test('error: a verification token is used once, by nobody else after', async () => {
    const alice = await client.signUpByEmail('alice-4@example.com')
    const mallory = await client.signUpByEmail('mallory-4@example.com')
    const token = await client.verifyContact('OTP_TYPE_SMS', '+14155550208')
    expect((await client.updateContact(alice, 'phone', '+14155550208', token)).status).toBe(200)
    expect((await client.updateContact(alice, 'phone', '')).status).toBe(200)
    const replayed = await client.updateContact(alice, 'phone', '+14155550208', token)
    expect(await errorOf(replayed)).toMatchObject({ status: 400, code: 'INVALID_VERIFICATION_TOKEN' })
    const stolen = await client.updateContact(mallory, 'phone', '+14155550208', token)
    expect(await errorOf(stolen)).toMatchObject({ status: 400, code: 'INVALID_VERIFICATION_TOKEN' })
    expect(await client.lookup({ phone: '+14155550208' })).toBeNull()
  })

  test('error: a token for an email does not set a phone, and a forged or foreign-app token is refused', async () => {
    const user = await client.signUpByEmail('dan-5@example.com')
    const emailToken = await client.verifyContact('OTP_TYPE_EMAIL', 'dan-5b@example.com')
    const crossed = await client.updateContact(user, 'phone', '+14155550209', emailToken)
    expect(await errorOf(crossed)).toMatchObject({ status: 400, code: 'INVALID_VERIFICATION_TOKEN' })
    const smsToken = await client.verifyContact('OTP_TYPE_SMS', '+14155550209')
    const crossedBack = await client.updateContact(user, 'email', 'dan-5b@example.com', smsToken)
    expect(await errorOf(crossedBack)).toMatchObject({ status: 400, code: 'INVALID_VERIFICATION_TOKEN' })

    // A token whose claims were edited (contact swapped) fails its signature.
    const [header, payload, signature] = smsToken.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, contact: '+14155550210' })).toString('base64url'),
      signature,
    ].join('.')
    const forgedUpdate = await client.updateContact(user, 'phone', '+14155550210', forged)
    expect(await errorOf(forgedUpdate)).toMatchObject({ status: 400, code: 'INVALID_VERIFICATION_TOKEN' })

    // A token another tenant's code minted does not work in this app.
    const other = await createApp(server.store.db, {
      name: 'other app',
      origins: ['http://localhost:5174'],
      now: Date.now(),
    })
    const otherClient = otpTestClient(server, {
      'content-type': 'application/json',
      authorization: `Bearer ${other.apiKey}`,
    })
    const foreign = await otherClient.verifyContact('OTP_TYPE_SMS', '+14155550211')
    const foreignUpdate = await client.updateContact(user, 'phone', '+14155550211', foreign)
    expect(await errorOf(foreignUpdate)).toMatchObject({ status: 400, code: 'INVALID_VERIFICATION_TOKEN' })
    expect(await client.lookup({ phone: '+14155550211' })).toBeNull()
  })

  test('error: a number another user proved stays theirs (409), and the token is not spent', async () => {
    const owner = await client.signUpByEmail('owner-6@example.com')
    const ownerToken = await client.verifyContact('OTP_TYPE_SMS', '+14155550212')
    expect((await client.updateContact(owner, 'phone', '+14155550212', ownerToken)).status).toBe(200)
    const other = await client.signUpByEmail('other-6@example.com')
    const token = await client.verifyContact('OTP_TYPE_SMS', '+14155550212')
    const taken = await client.updateContact(other, 'phone', '+14155550212', token)
    expect(await errorOf(taken)).toMatchObject({ status: 409, code: 'PHONE_ALREADY_PROVEN' })
    expect(await client.lookup({ phone: '+14155550212' })).toBe(owner.orgId)
    // Once the owner lets it go, the same (unspent) token works.
    expect((await client.updateContact(owner, 'phone', '')).status).toBe(200)
    expect((await client.updateContact(other, 'phone', '+14155550212', token)).status).toBe(200)
  })

  test('error: a user with a second factor changes a contact only with a TOTP code', async () => {
    const user = await client.signUpByEmail('erin-7@example.com')
    const factor = await addVerifiedTotpFactor(server, user.userId)
    const token = await client.verifyContact('OTP_TYPE_SMS', '+14155550213')
    const without = await client.updateContact(user, 'phone', '+14155550213', token)
    expect(await errorOf(without)).toMatchObject({ status: 400, code: 'MFA_REQUIRED' })
    const removal = await client.updateContact(user, 'email', '')
    expect(await errorOf(removal)).toMatchObject({ status: 400, code: 'MFA_REQUIRED' })
    const withCode = await client.updateContact(user, 'phone', '+14155550213', token, {
      multiFactors: [{ multiFactorId: factor.multiFactorId, multiFactorCode: await factor.code() }],
    })
    expect(withCode.status).toBe(200)
  })

  test('error: a stale stamped update is refused', async () => {
    const user = await client.signUpByEmail('finn-8@example.com')
    const stale = await client.updateContact(user, 'email', '', undefined, {
      timestampMs: String(Date.now() - 2 * 3600_000),
    })
    expect(await errorOf(stale)).toMatchObject({
      status: 400,
      error: 'request timestampMs is outside the accepted window',
    })
    expect(await client.lookup({ email: 'finn-8@example.com' })).toBe(user.orgId)
  })
})
