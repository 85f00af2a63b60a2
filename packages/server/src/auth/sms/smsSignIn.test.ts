import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createTargetKey, stampRequest } from '../../test/createTargetKey.js'
import { createTestServer, type TestServer } from '../../test/createTestServer.js'
import { readSmsCode } from './test/readSmsCode.js'

/** SMS sign-in end to end: signup or /v1/auth with a phone → the dev SMS outbox → /v1/otp → whoami. */

type StartAnswer = { orgId: string; userId?: string; address?: string; otpId: string }

describe.each(storeDialects)('SMS code sign-in on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(dialect)
  })
  afterAll(async () => {
    await server.cleanup()
  })

  const start = async (path: '/v1/signup' | '/v1/auth', phone: string, target = createTargetKey()) => {
    const response = await server.signer(path, { phone, targetPublicKey: target.publicKey })
    return { response, target }
  }
  const finish = async (answer: StartAnswer, phone: string, target: ReturnType<typeof createTargetKey>) => {
    const otp = await server.signer('/v1/otp', {
      orgId: answer.orgId,
      otpId: answer.otpId,
      otpCode: await readSmsCode(server, phone),
      targetPublicKey: target.publicKey,
    })
    expect(otp.status).toBe(200)
    const { credentialBundle } = (await otp.json()) as { credentialBundle: string }
    const session = await target.open(credentialBundle)
    const whoami = await server.signer('/v1/whoami', {
      stampedRequest: await stampRequest({ organizationId: answer.orgId }, session),
    })
    expect(whoami.status).toBe(200)
    return (await whoami.json()) as { orgId: string; userId: string; address: string; phone?: string }
  }

  test('default: sign-up texts a code, /v1/otp signs in, whoami knows the proven phone', async () => {
    const { response, target } = await start('/v1/signup', '+1 (415) 555-0101')
    expect(response.status).toBe(200)
    const answer = (await response.json()) as StartAnswer
    expect(answer.otpId).toMatch(/^[0-9a-f-]{36}$/)
    expect(answer.address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    const outbox = await server.app.request('/dev/sms.json?to=%2B14155550101')
    const { messages } = (await outbox.json()) as { messages: { to: string; body: string }[] }
    expect(messages[0]?.to).toBe('+14155550101')
    expect(messages[0]?.body).toMatch(/^\d{6} is your test app code\. It expires in 5 minutes\./)
    // At rest only a keyed hash of the code.
    const row = await server.store.db
      .selectFrom('email_codes')
      .selectAll()
      .where('id', '=', answer.otpId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ channel: 'sms', kind: 'otp', email: '+14155550101' })
    expect(JSON.stringify(row)).not.toContain(await readSmsCode(server, '+14155550101'))

    // Before the code is used the number is nobody's identity.
    expect(await (await server.signer('/v1/lookup', { phone: '+14155550101' })).json()).toEqual({
      orgId: null,
    })
    const user = await finish(answer, '+14155550101', target)
    expect(user).toMatchObject({ orgId: answer.orgId, address: answer.address, phone: '+14155550101' })
    expect(await (await server.signer('/v1/lookup', { phone: '+1 415 555 0101' })).json()).toEqual({
      orgId: answer.orgId,
    })

    // A later sign-in with /v1/auth lands in the same organization.
    const again = await start('/v1/auth', '+14155550101')
    expect(again.response.status).toBe(200)
    const next = (await again.response.json()) as StartAnswer
    expect(next.orgId).toBe(answer.orgId)
    expect((await finish(next, '+14155550101', again.target)).userId).toBe(user.userId)
  })

  test('behavior: a sign-up with a known number texts a code for the same account, without its address', async () => {
    const first = await start('/v1/signup', '+14155550102')
    const created = (await first.response.json()) as StartAnswer
    await finish(created, '+14155550102', first.target)
    const second = await start('/v1/signup', '+14155550102')
    const answer = (await second.response.json()) as StartAnswer
    expect(answer.orgId).toBe(created.orgId)
    expect(answer).not.toHaveProperty('address')
    expect(answer).not.toHaveProperty('userId')
  })

  test('behavior: an unconfirmed SMS sign-up is reused by the next one for the number', async () => {
    const first = (await (await start('/v1/signup', '+14155550103')).response.json()) as StartAnswer
    const second = (await (await start('/v1/signup', '+14155550103')).response.json()) as StartAnswer
    expect(second.orgId).toBe(first.orgId)
  })

  test('error: /v1/auth with an unknown or unproven number is 404 user not found', async () => {
    const unknown = await start('/v1/auth', '+14155550104')
    expect(unknown.response.status).toBe(404)
    expect(await unknown.response.json()).toMatchObject({ error: 'user not found', code: 'USER_NOT_FOUND' })
    await start('/v1/signup', '+14155550105')
    const unproven = await start('/v1/auth', '+14155550105')
    expect(unproven.response.status).toBe(404)
  })

  test('error: a number that is not international E.164 is a 400 naming the field', async () => {
    for (const phone of ['4155550123', '+1555', 'call me', '+1'.padEnd(70, '1')]) {
      const { response } = await start('/v1/signup', phone)
      expect(response.status).toBe(400)
      const body = (await response.json()) as { code: string; details?: { field: string }[] }
      expect(body.code).toBe('REQUEST_INVALID')
      expect(body.details?.[0]?.field).toBe('phone')
    }
  })

  test("behavior: the email codes' limits hold for a number: 3 wrong tries kill a code, 3 texts per 3 minutes", async () => {
    const { response, target } = await start('/v1/signup', '+14155550106')
    const answer = (await response.json()) as StartAnswer
    const code = await readSmsCode(server, '+14155550106')
    const wrong = code === '000000' ? '111111' : '000000'
    const tries = []
    for (let i = 0; i < 3; i++) {
      const otp = await server.signer('/v1/otp', {
        orgId: answer.orgId,
        otpId: answer.otpId,
        otpCode: wrong,
        targetPublicKey: target.publicKey,
      })
      tries.push(((await otp.json()) as { code: string }).code)
    }
    expect(tries).toEqual(['INVALID_OTP_CODE', 'INVALID_OTP_CODE', 'OTP_CODE_EXPIRED'])
    const right = await server.signer('/v1/otp', {
      orgId: answer.orgId,
      otpId: answer.otpId,
      otpCode: code,
      targetPublicKey: target.publicKey,
    })
    expect(((await right.json()) as { code: string }).code).toBe('OTP_CODE_EXPIRED')

    expect((await start('/v1/signup', '+14155550106')).response.status).toBe(200)
    expect((await start('/v1/signup', '+14155550106')).response.status).toBe(200)
    const fourth = await start('/v1/signup', '+14155550106')
    expect(fourth.response.status).toBe(429)
    expect(fourth.response.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})
