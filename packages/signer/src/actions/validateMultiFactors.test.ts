import { generate } from 'otplib'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { MfaRequiredError } from '../errors/MfaRequiredError.js'
import { createSignerTestbed, type SignerTestbed, waitForStatus } from '../test/createSignerTestbed.js'

/** TOTP enrolment and sign-in with a second factor, against the real server (in process). */

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

/**
 * The code of an `otpauth://totp/…?secret=…` URL (SHA-1, 6 digits, 30 s) `offsetSteps` steps from
 * now: the server refuses a code twice, and accepts the next step's.
 */
const totpCode = (otpauthUrl: string, offsetSteps = 0) => {
  const url = new URL(otpauthUrl)
  return generate({
    secret: url.searchParams.get('secret')!,
    algorithm: 'sha1',
    digits: 6,
    period: 30,
    epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30,
  })
}

const enroll = async (email: string) => {
  const signer = testbed.createSigner()
  await testbed.signIn(signer, email)
  const added = await signer.addMfa({ multiFactorType: 'totp' })
  expect(added).toEqual({
    multiFactorType: 'totp',
    multiFactorId: expect.any(String),
    multiFactorTotpUrl: expect.stringMatching(/^otpauth:\/\/totp\//),
  })
  const code = await totpCode(added.multiFactorTotpUrl)
  const verified = await signer.verifyMfa({ multiFactorId: added.multiFactorId, multiFactorCode: code })
  // The signed-in user's answers name when each factor was added (`createdAt`, ISO 8601).
  expect(verified.multiFactors).toEqual([
    { multiFactorId: added.multiFactorId, multiFactorType: 'totp', createdAt: expect.any(String) },
  ])
  expect(await signer.getMfaFactors()).toEqual({ multiFactors: verified.multiFactors })
  await signer.disconnect()
  return added
}

test('default: enrol TOTP, then sign in again through AWAITING_MFA_AUTH and validateMultiFactors', async () => {
  const factor = await enroll('mfa@example.com')
  const signer = testbed.createSigner()
  await signer.ready
  const events = testbed.recordEvents(signer, ['mfaStatusChanged', 'connected'])
  const pending = signer.authenticate({ type: 'email', email: 'mfa@example.com' })
  await waitForStatus(signer, 'AWAITING_EMAIL_AUTH')
  const otp = signer.authenticate({ type: 'otp', otpCode: await testbed.readCode('mfa@example.com') })
  await waitForStatus(signer, 'AWAITING_MFA_AUTH')
  expect(signer.mfaStatus).toEqual({ mfaRequired: true, mfaFactorId: factor.multiFactorId })
  expect(signer.getMfaStatus()).toEqual(signer.mfaStatus)
  expect(JSON.parse(testbed.storage.getItem('alchemy-signer-session:temporary')!)).toMatchObject({
    encryptedPayload: expect.any(String),
    mfaFactorId: factor.multiFactorId,
  })

  await expect(
    signer.validateMultiFactors({ multiFactorCode: '123456', multiFactorId: 'another' }),
  ).rejects.toThrow('MFA factor ID mismatch')
  const wrong = await signer.validateMultiFactors({ multiFactorCode: '000000' }).catch((e: Error) => e)
  expect((wrong as Error).message).toContain('Invalid MFA code')
  expect(signer.status).toBe('AWAITING_MFA_AUTH')

  const user = await signer.validateMultiFactors({
    multiFactorCode: await totpCode(factor.multiFactorTotpUrl, 1),
    multiFactorId: factor.multiFactorId,
  })
  expect(signer.status).toBe('CONNECTED')
  expect(await otp).toEqual(user)
  expect(await pending).toEqual(user)
  expect(signer.mfaStatus).toEqual({ mfaRequired: false })
  // The first is signer.on's report of the MFA status at once.
  expect(events).toEqual(['mfaStatusChanged', 'mfaStatusChanged', 'connected', 'mfaStatusChanged'])
  const temporary = JSON.parse(testbed.storage.getItem('alchemy-signer-session:temporary')!)
  expect(temporary.encryptedPayload).toBeUndefined()
  expect(temporary.mfaFactorId).toBeUndefined()

  // Removing the factor needs its current code (oauthMfa.test.ts removes it with one).
  await expect(signer.removeMfa({ multiFactorIds: [factor.multiFactorId] })).rejects.toBeInstanceOf(
    MfaRequiredError,
  )
})

test('behavior: a magic-link app asks for the code first (MfaRequiredError), then sends the link', async () => {
  const factor = await enroll('link@example.com')
  await testbed.server.store.db.updateTable('apps').set({ email_mode: 'magic-link' }).execute()
  const signer = testbed.createSigner()
  await signer.ready
  const failure = await signer
    .authenticate({ type: 'email', email: 'link@example.com', emailMode: 'magicLink' })
    .catch((error: unknown) => error)
  expect(failure).toBeInstanceOf(MfaRequiredError)
  expect((failure as MfaRequiredError).message).toBe('MFA is required for this user')
  expect((failure as MfaRequiredError).multiFactors).toEqual([
    { multiFactorId: factor.multiFactorId, multiFactorType: 'totp' },
  ])
  expect(signer.status).toBe('DISCONNECTED')
  expect(signer.error).toEqual({ name: 'MfaRequiredError', message: 'MFA is required for this user' })

  void signer.authenticate({
    type: 'email',
    email: 'link@example.com',
    emailMode: 'magicLink',
    multiFactors: [
      { multiFactorId: factor.multiFactorId, multiFactorCode: await totpCode(factor.multiFactorTotpUrl, 1) },
    ],
  })
  await waitForStatus(signer, 'AWAITING_EMAIL_AUTH')
  expect(signer.error).toBeUndefined()
})

test('error: validateMultiFactors without a pending MFA step', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  await expect(signer.validateMultiFactors({ multiFactorCode: '123456' })).rejects.toThrow(
    'No pending MFA context found. Call submitOtpCode() first.',
  )
})

test('error: only TOTP and SMS factors can be added, and only when signed in', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  await expect(signer.getMfaFactors()).rejects.toThrow('Signer not authenticated')
  await testbed.signIn(signer, 'sms@example.com')
  await expect(signer.addMfa({ multiFactorType: 'voice' as 'totp' })).rejects.toThrow(
    'Unsupported MFA factor type: voice',
  )
})
