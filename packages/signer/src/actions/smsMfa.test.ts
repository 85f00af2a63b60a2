import { afterEach, beforeEach, expect, test } from 'vitest'
import { readSmsCode } from '../../../server/src/auth/sms/test/readSmsCode.js'
import type { Signer } from '../Signer.js'
import { createSignerTestbed, type SignerTestbed, waitForStatus } from '../test/createSignerTestbed.js'

/** Text-message codes as a second factor through the signer, against the real server in process. */

let testbed: SignerTestbed
beforeEach(async () => {
  // Several texts go to one number in a test: the per-number limit has its own server test.
  testbed = await createSignerTestbed({
    rateLimits: { emailSendsPerAddress: { points: 100, duration: 180 } },
  })
})
afterEach(async () => {
  await testbed.cleanup()
})

const signInBySms = async (signer: Signer, phone: string) => {
  await signer.ready
  const pending = signer.authenticate({ type: 'sms', phone })
  await waitForStatus(signer, 'AWAITING_SMS_AUTH')
  const otp = signer.authenticate({ type: 'otp', otpCode: await readSmsCode(testbed.server, phone) })
  return { pending, otp }
}

test("default: addMfa({ multiFactorType: 'sms' }), verifyMfa; sign-in sends the code with sendMfaCode", async () => {
  const phone = '+14155550451'
  const signer = testbed.createSigner()
  const first = await signInBySms(signer, phone)
  await first.otp
  const added = await signer.addMfa({ multiFactorType: 'sms' })
  expect(added).toEqual({ multiFactorType: 'sms', multiFactorId: expect.any(String) })
  // A new first code on request, then the factor is verified with it.
  await signer.sendMfaCode({ multiFactorId: added.multiFactorId })
  const verified = await signer.verifyMfa({
    multiFactorId: added.multiFactorId,
    multiFactorCode: await readSmsCode(testbed.server, phone),
  })
  expect(verified.multiFactors).toEqual([
    { multiFactorId: added.multiFactorId, multiFactorType: 'sms', createdAt: expect.any(String) },
  ])
  expect(verified.recoveryCodes).toHaveLength(10)
  await signer.disconnect()

  const again = testbed.createSigner()
  const login = await signInBySms(again, phone)
  await waitForStatus(again, 'AWAITING_MFA_AUTH')
  expect(again.mfaStatus).toEqual({ mfaRequired: true, mfaFactorId: added.multiFactorId })
  expect(again.getPendingMfaFactors()).toEqual([
    { multiFactorId: added.multiFactorId, multiFactorType: 'sms' },
  ])
  await again.sendMfaCode()
  const user = await again.validateMultiFactors({ multiFactorCode: await readSmsCode(testbed.server, phone) })
  expect(again.status).toBe('CONNECTED')
  expect(await login.otp).toEqual(user)
  expect(again.getPendingMfaFactors()).toEqual([])

  // Signed in, a gated change takes a code sent with a stamp.
  await expect(again.removeMfa({ multiFactorIds: [added.multiFactorId] })).rejects.toThrow(
    'MFA is required for this user',
  )
  await again.sendMfaCode({ multiFactorId: added.multiFactorId })
  const removed = await again.removeMfa({
    multiFactorIds: [added.multiFactorId],
    multiFactors: [
      { multiFactorId: added.multiFactorId, multiFactorCode: await readSmsCode(testbed.server, phone) },
    ],
  })
  expect(removed.multiFactors).toEqual([])
})

test('error: sendMfaCode when signed in needs the factor id; addMfa of another type is refused', async () => {
  const signer = testbed.createSigner()
  await (await signInBySms(signer, '+14155550452')).otp
  await expect(signer.sendMfaCode()).rejects.toThrow(
    'sendMfaCode needs the multiFactorId of a text-message factor',
  )
  await expect(signer.addMfa({ multiFactorType: 'voice' as 'sms' })).rejects.toThrow(
    'Unsupported MFA factor type: voice',
  )
})

test('error: a user without a proven phone gets PHONE_REQUIRED', async () => {
  const signer = testbed.createSigner()
  await testbed.signIn(signer, 'no-phone@example.com')
  await expect(signer.addMfa({ multiFactorType: 'sms' })).rejects.toThrow(
    'text-message codes need a proven phone number',
  )
})
