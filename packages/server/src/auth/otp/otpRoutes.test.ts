import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createTargetKey } from '../../test/createTargetKey.js'
import { createTestServer, type TestServer } from '../../test/createTestServer.js'
import { readSmsCode } from '../sms/test/readSmsCode.js'
import { otpTestClient } from './test/otpTestClient.js'

/** `/v1/init-otp` → `/v1/verify-otp` → `/v1/update-phone-auth` / `/v1/update-email-auth`, as Account Kit 4.88 calls them. */

describe.each(storeDialects)('generic one-time codes on %s', (dialect) => {
  let server: TestServer
  let client: ReturnType<typeof otpTestClient>
  beforeAll(async () => {
    server = await createTestServer(dialect)
    client = otpTestClient(server)
  })
  afterAll(async () => {
    await server.cleanup()
  })

  test("default: a verified phone number becomes the user's, and signs in by SMS", async () => {
    const ada = await client.signUpByEmail('ada@example.com')
    const init = await client.initOtp('OTP_TYPE_SMS', '+1 415 555 0111')
    expect(init.status).toBe(200)
    const { otpId } = (await init.json()) as { otpId: string }
    const verify = await client.signer('/v1/verify-otp', {
      otpId,
      otpCode: await readSmsCode(server, '+14155550111'),
    })
    expect(verify.status).toBe(200)
    const { verificationToken } = (await verify.json()) as { verificationToken: string }
    // Account Kit reads `contact` out of the token with jwtDecode.
    expect(decodeJwt(verificationToken)).toMatchObject({ contact: '+14155550111', otpType: 'OTP_TYPE_SMS' })
    // Verifying alone proves nothing to anyone.
    expect(await client.lookup({ phone: '+14155550111' })).toBeNull()

    const update = await client.updateContact(ada, 'phone', '+14155550111', verificationToken)
    expect(update.status).toBe(200)
    expect(await update.json()).toEqual({})
    expect(await client.whoami(ada)).toMatchObject({ email: 'ada@example.com', phone: '+14155550111' })
    expect(await client.lookup({ phone: '+14155550111' })).toBe(ada.orgId)

    const target = createTargetKey()
    const auth = await client.signer('/v1/auth', { phone: '+14155550111', targetPublicKey: target.publicKey })
    expect(auth.status).toBe(200)
    expect(((await auth.json()) as { orgId: string }).orgId).toBe(ada.orgId)
  })

  test('behavior: a new number replaces the old one; an empty one removes it', async () => {
    const bea = await client.signUpByEmail('bea@example.com')
    const first = await client.verifyContact('OTP_TYPE_SMS', '+14155550112')
    expect((await client.updateContact(bea, 'phone', '+14155550112', first)).status).toBe(200)
    const second = await client.verifyContact('OTP_TYPE_SMS', '+14155550113')
    expect((await client.updateContact(bea, 'phone', '+14155550113', second)).status).toBe(200)
    expect(await client.lookup({ phone: '+14155550112' })).toBeNull()
    expect(await client.lookup({ phone: '+14155550113' })).toBe(bea.orgId)

    expect((await client.updateContact(bea, 'phone', '')).status).toBe(200)
    expect(await client.lookup({ phone: '+14155550113' })).toBeNull()
    expect(await client.whoami(bea)).not.toHaveProperty('phone')
  })

  test('behavior: a verified email replaces the sign-in email; the old one no longer finds the user', async () => {
    const cy = await client.signUpByEmail('cy@example.com')
    const token = await client.verifyContact('OTP_TYPE_EMAIL', 'Cy.New@Example.com')
    expect(decodeJwt(token)).toMatchObject({ contact: 'cy.new@example.com', otpType: 'OTP_TYPE_EMAIL' })
    const update = await client.updateContact(cy, 'email', 'cy.new@example.com', token)
    expect(update.status).toBe(200)
    expect(await client.lookup({ email: 'cy.new@example.com' })).toBe(cy.orgId)
    expect(await client.lookup({ email: 'cy@example.com' })).toBeNull()
    expect(await client.whoami(cy)).toMatchObject({ email: 'cy.new@example.com' })
  })

  test("error: removing the user's last way to sign in is refused; with a phone added it is allowed", async () => {
    const dee = await client.signUpByEmail('dee@example.com')
    const last = await client.updateContact(dee, 'email', '')
    expect(last.status).toBe(400)
    expect(await last.json()).toMatchObject({ code: 'LAST_SIGN_IN_METHOD' })
    expect(await client.lookup({ email: 'dee@example.com' })).toBe(dee.orgId)

    const token = await client.verifyContact('OTP_TYPE_SMS', '+14155550115')
    expect((await client.updateContact(dee, 'phone', '+14155550115', token)).status).toBe(200)
    expect((await client.updateContact(dee, 'email', '')).status).toBe(200)
    expect(await client.lookup({ email: 'dee@example.com' })).toBeNull()
    expect(await client.whoami(dee)).not.toHaveProperty('email')
    const lastPhone = await client.updateContact(dee, 'phone', '')
    expect(await lastPhone.json()).toMatchObject({ code: 'LAST_SIGN_IN_METHOD' })
  })

  test('error: removing the email and the phone at once leaves one of them: the two removals are ordered', async () => {
    const eve = await client.signUpByEmail('eve@example.com')
    const token = await client.verifyContact('OTP_TYPE_SMS', '+14155550116')
    expect((await client.updateContact(eve, 'phone', '+14155550116', token)).status).toBe(200)
    const answers = await Promise.all([
      client.updateContact(eve, 'email', ''),
      client.updateContact(eve, 'phone', ''),
    ])
    const codes = await Promise.all(
      answers.map(async (answer) =>
        answer.status === 200 ? 'removed' : ((await answer.json()) as { code: string }).code,
      ),
    )
    expect(codes.sort()).toEqual(['LAST_SIGN_IN_METHOD', 'removed'])
    const left = [
      await client.lookup({ email: 'eve@example.com' }),
      await client.lookup({ phone: '+14155550116' }),
    ].filter((orgId) => orgId === eve.orgId)
    expect(left).toHaveLength(1)
  })

  test('error: a wrong code is invalid OTP code; the third kills it', async () => {
    const init = await client.initOtp('OTP_TYPE_SMS', '+14155550114')
    const { otpId } = (await init.json()) as { otpId: string }
    const code = await readSmsCode(server, '+14155550114')
    const wrong = code === '000000' ? '111111' : '000000'
    const codes = []
    for (let i = 0; i < 3; i++)
      codes.push(
        (
          (await (await client.signer('/v1/verify-otp', { otpId, otpCode: wrong })).json()) as {
            code: string
          }
        ).code,
      )
    expect(codes).toEqual(['INVALID_OTP_CODE', 'INVALID_OTP_CODE', 'OTP_CODE_EXPIRED'])
    const right = await client.signer('/v1/verify-otp', { otpId, otpCode: code })
    expect(right.status).toBe(400)
  })

  test('error: a contact that is not an email or an E.164 number is a 400', async () => {
    const sms = await client.initOtp('OTP_TYPE_SMS', 'ada@example.com')
    expect(sms.status).toBe(400)
    expect(await sms.json()).toMatchObject({ code: 'REQUEST_INVALID' })
    const email = await client.initOtp('OTP_TYPE_EMAIL', '+14155550123')
    expect(email.status).toBe(400)
    const type = await client.signer('/v1/init-otp', { otpType: 'OTP_TYPE_VOICE', contact: '+14155550123' })
    expect(type.status).toBe(400)
  })
})
