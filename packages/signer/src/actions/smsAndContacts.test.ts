import { afterEach, beforeEach, expect, test } from 'vitest'
import { readSmsCode } from '../../../server/src/auth/sms/test/readSmsCode.js'
import { createSignerTestbed, type SignerTestbed, waitForStatus } from '../test/createSignerTestbed.js'

/** SMS sign-in and the verified email/phone methods of the signer, against the real server in process. */

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test("default: authenticate({ type: 'sms' }) texts a code; the otp step signs the new user in", async () => {
  const signer = testbed.createSigner()
  await signer.ready
  const pending = signer.authenticate({ type: 'sms', phone: '+1 415 555 0401' })
  await waitForStatus(signer, 'AWAITING_SMS_AUTH')
  expect(signer.getState().otpId).toMatch(/^[0-9a-f-]{36}$/)
  const user = await signer.authenticate({
    type: 'otp',
    otpCode: await readSmsCode(testbed.server, '+14155550401'),
  })
  await pending
  expect(signer.status).toBe('CONNECTED')
  expect(signer.isNewUser).toBe(true)
  expect(await signer.lookupUserByPhone('+14155550401')).toEqual({ orgId: user.orgId })
})

test("behavior: startAuthentication({ type: 'sms' }) answers the otp step of an existing user", async () => {
  const first = testbed.createSigner()
  await first.ready
  void first.authenticate({ type: 'sms', phone: '+14155550402' })
  await waitForStatus(first, 'AWAITING_SMS_AUTH')
  const user = await first.authenticate({
    type: 'otp',
    otpCode: await readSmsCode(testbed.server, '+14155550402'),
  })

  const second = testbed.createSigner()
  await second.ready
  const step = await second.startAuthentication({ type: 'sms', phone: '+14155550402' })
  expect(step).toMatchObject({ next: 'otp', isNewUser: false })
  const done = await second.startAuthentication({
    type: 'otp',
    otpCode: await readSmsCode(testbed.server, '+14155550402'),
  })
  expect(done).toMatchObject({ next: 'done', user: { orgId: user.orgId } })
})

test('behavior: sendVerificationCode then setPhoneNumber / setEmail; remove them again', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'ada@example.com')
  await signer.sendVerificationCode('sms', '+14155550403')
  await signer.setPhoneNumber({ verificationCode: await readSmsCode(testbed.server, '+14155550403') })
  expect(signer.getState().user).toMatchObject({ phone: '+14155550403' })
  expect(await signer.lookupUserByPhone('+14155550403')).toEqual({ orgId: user.orgId })

  await signer.sendVerificationCode('email', 'ada.new@example.com')
  const email = await signer.setEmail({ verificationCode: await testbed.readCode('ada.new@example.com') })
  expect(email).toBe('ada.new@example.com')
  expect(await signer.lookupUserByEmail('ada.new@example.com')).toEqual({ orgId: user.orgId })
  expect(await signer.lookupUserByEmail('ada@example.com')).toEqual({ orgId: null })

  await signer.removePhoneNumber()
  expect(signer.getState().user).not.toHaveProperty('phone')
  expect(await signer.lookupUserByPhone('+14155550403')).toEqual({ orgId: null })
})

test('error: the legacy setEmail(email) without a code is refused', async () => {
  const signer = testbed.createSigner()
  await testbed.signIn(signer, 'bea@example.com')
  await expect(signer.setEmail('bea.other@example.com')).rejects.toThrow(/needs a verification code/)
  expect(await signer.lookupUserByEmail('bea.other@example.com')).toEqual({ orgId: null })
})
