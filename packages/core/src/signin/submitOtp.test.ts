import { afterEach, beforeEach, expect, test } from 'vitest'
import { addVerifiedTotpFactor } from '../../../server/src/auth/email/test/addVerifiedTotpFactor.js'
import { disconnect } from '../actions/disconnect.js'
import { getSignerStatus } from '../actions/getSignerStatus.js'
import { getUser } from '../actions/getUser.js'
import { type CoreTestbed, createCoreTestbed } from '../test/createCoreTestbed.js'
import { readSignInError } from './readSignInError.js'
import { startEmailSignIn } from './startEmailSignIn.js'
import { submitMfaCode } from './submitMfaCode.js'
import { submitOtp } from './submitOtp.js'

/** The emailed code and the authenticator code through the core actions, against the real server. */

const email = 'ada@example.com'
let testbed: CoreTestbed
beforeEach(async () => {
  testbed = await createCoreTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: the emailed code of an existing user answers done, not a new user', async () => {
  const config = testbed.createConfig()
  const signedUp = await testbed.signIn(config, email)
  await disconnect(config)
  await startEmailSignIn(config, { email })
  expect(await submitOtp(config, { code: await testbed.readCode(email) })).toEqual({
    next: 'done',
    user: expect.objectContaining({ userId: signedUp.userId, email }),
    isNewUser: false,
  })
})

test('behavior: a user with an authenticator factor answers mfa; its code finishes the sign-in', async () => {
  const config = testbed.createConfig()
  const signedUp = await testbed.signIn(config, email)
  const factor = await addVerifiedTotpFactor(testbed.server, signedUp.userId)
  await disconnect(config)

  await startEmailSignIn(config, { email })
  const step = await submitOtp(config, { code: await testbed.readCode(email) })
  expect(step).toEqual({ next: 'mfa', factorId: factor.multiFactorId, factorType: 'totp' })
  expect(getSignerStatus(config).status).toBe('AWAITING_MFA_AUTH')

  const wrong = (await factor.code()) === '000000' ? '111111' : '000000'
  const failure = await submitMfaCode(config, { code: wrong }).catch((error: unknown) => error)
  expect(readSignInError(failure).code).toBe('INVALID_MFA_CODE')
  expect(getSignerStatus(config).status).toBe('AWAITING_MFA_AUTH')

  expect(await submitMfaCode(config, { code: await factor.code() })).toEqual({
    next: 'done',
    user: expect.objectContaining({ userId: signedUp.userId }),
    isNewUser: false,
  })
  expect(getUser(config)?.userId).toBe(signedUp.userId)
})

test("error: a wrong code throws the server's INVALID_OTP_CODE; the right one still signs in", async () => {
  const config = testbed.createConfig()
  await startEmailSignIn(config, { email })
  const code = await testbed.readCode(email)
  const failure = await submitOtp(config, { code: code === '000000' ? '111111' : '000000' }).catch(
    (error: unknown) => error,
  )
  expect(readSignInError(failure)).toEqual({
    code: 'INVALID_OTP_CODE',
    message: 'invalid OTP code',
    status: 400,
  })
  expect((await submitOtp(config, { code })).next).toBe('done')
})
