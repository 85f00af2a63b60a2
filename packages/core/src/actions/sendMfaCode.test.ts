import { afterEach, beforeEach, expect, test } from 'vitest'
import { readSmsCode } from '../../../server/src/auth/sms/test/readSmsCode.js'
import { startSmsSignIn } from '../signin/startSmsSignIn.js'
import { submitMfaCode } from '../signin/submitMfaCode.js'
import { submitOtp } from '../signin/submitOtp.js'
import { type CoreTestbed, createCoreTestbed } from '../test/createCoreTestbed.js'
import { addMfa } from './addMfa.js'
import { disconnect } from './disconnect.js'
import { getMfaFactors } from './getMfaFactors.js'
import { removeMfa } from './removeMfa.js'
import { sendMfaCode } from './sendMfaCode.js'
import { verifyMfa } from './verifyMfa.js'

/** Text-message codes as a second factor through the core actions: enrol, sign in, a gated change. */

let testbed: CoreTestbed
beforeEach(async () => {
  // Several texts go to one number here: the per-number limit has its own server test.
  testbed = await createCoreTestbed({ rateLimits: { emailSendsPerAddress: { points: 100, duration: 180 } } })
})
afterEach(async () => {
  await testbed.cleanup()
})

const phone = '+14155550461'
const textedCode = () => readSmsCode(testbed.server, phone)

test("default: addMfa({ multiFactorType: 'sms' }), an mfa step of type sms, sendMfaCode, submitMfaCode", async () => {
  const config = testbed.createConfig()
  await startSmsSignIn(config, { phone })
  expect(await submitOtp(config, { code: await textedCode() })).toMatchObject({ next: 'done' })
  const added = await addMfa(config, { multiFactorType: 'sms' })
  expect(added).toEqual({ multiFactorType: 'sms', multiFactorId: expect.any(String) })
  const verified = await verifyMfa(config, {
    multiFactorId: added.multiFactorId,
    multiFactorCode: await textedCode(),
  })
  expect(verified.recoveryCodes).toHaveLength(10)
  await disconnect(config)

  await startSmsSignIn(config, { phone })
  const step = await submitOtp(config, { code: await textedCode() })
  expect(step).toEqual({ next: 'mfa', factorId: added.multiFactorId, factorType: 'sms' })
  await sendMfaCode(config)
  expect(await submitMfaCode(config, { code: await textedCode() })).toMatchObject({ next: 'done' })

  await sendMfaCode(config, { multiFactorId: added.multiFactorId })
  await removeMfa(config, {
    multiFactorIds: [added.multiFactorId],
    multiFactors: [{ multiFactorId: added.multiFactorId, multiFactorCode: await textedCode() }],
  })
  expect(await getMfaFactors(config)).toEqual({ multiFactors: [] })
})
