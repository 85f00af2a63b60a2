import { generate } from 'otplib'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { MfaRequiredError } from '../errors/MfaRequiredError.js'
import { createSignerTestbed, type SignerTestbed, waitForStatus } from '../test/createSignerTestbed.js'

/** Recovery codes through the SDK against the real server (in process): shown once, used once. */

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

const totpCode = (otpauthUrl: string, offsetSteps = 0) =>
  generate({
    secret: new URL(otpauthUrl).searchParams.get('secret')!,
    epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30,
  })

/** Signs in by email up to AWAITING_MFA_AUTH and returns the signer. */
const stopAtMfa = async (email: string) => {
  const signer = testbed.createSigner()
  await signer.ready
  const pending = signer.authenticate({ type: 'email', email })
  await waitForStatus(signer, 'AWAITING_EMAIL_AUTH')
  const otp = signer.authenticate({ type: 'otp', otpCode: await testbed.readCode(email) })
  await waitForStatus(signer, 'AWAITING_MFA_AUTH')
  // Both settle with the user once the second step is done; errors there are the test's to see.
  pending.catch(() => {})
  otp.catch(() => {})
  return signer
}

test('default: the first factor shows 10 codes; one finishes a sign-in, and fails the next time', async () => {
  const email = 'recovery@example.com'
  const signer = testbed.createSigner()
  await testbed.signIn(signer, email)
  const added = await signer.addMfa({ multiFactorType: 'totp' })
  const verified = await signer.verifyMfa({
    multiFactorId: added.multiFactorId,
    multiFactorCode: await totpCode(added.multiFactorTotpUrl),
  })
  expect(verified.recoveryCodes).toHaveLength(10)
  const code = verified.recoveryCodes![0]!
  expect(await signer.getRecoveryCodeCount()).toEqual({ unusedRecoveryCodes: 10 })
  await signer.disconnect()

  const first = await stopAtMfa(email)
  await first.validateMultiFactors({ recoveryCode: code })
  expect(first.status).toBe('CONNECTED')
  expect(await first.getRecoveryCodeCount()).toEqual({ unusedRecoveryCodes: 9 })
  await first.disconnect()

  const second = await stopAtMfa(email)
  const reused = await second.validateMultiFactors({ recoveryCode: code }).catch((error: Error) => error)
  expect((reused as Error).message).toContain('Invalid MFA code')
  expect(second.status).toBe('AWAITING_MFA_AUTH')
  await second.validateMultiFactors({ recoveryCode: verified.recoveryCodes![1]! })
  expect(second.status).toBe('CONNECTED')
})

test('behavior: new codes need a current TOTP code and replace the old ones', async () => {
  const signer = testbed.createSigner()
  await testbed.signIn(signer, 'regenerate@example.com')
  const added = await signer.addMfa({ multiFactorType: 'totp' })
  const verified = await signer.verifyMfa({
    multiFactorId: added.multiFactorId,
    multiFactorCode: await totpCode(added.multiFactorTotpUrl),
  })
  await expect(signer.generateRecoveryCodes()).rejects.toBeInstanceOf(MfaRequiredError)
  const { recoveryCodes } = await signer.generateRecoveryCodes({
    multiFactors: [
      { multiFactorId: added.multiFactorId, multiFactorCode: await totpCode(added.multiFactorTotpUrl, 1) },
    ],
  })
  expect(recoveryCodes).toHaveLength(10)
  for (const old of verified.recoveryCodes!) expect(recoveryCodes).not.toContain(old)
  expect(await signer.getRecoveryCodeCount()).toEqual({ unusedRecoveryCodes: 10 })
})
