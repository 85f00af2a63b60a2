import { generate } from 'otplib'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { type CoreTestbed, createCoreTestbed, waitForSignerStatus } from '../test/createCoreTestbed.js'
import { addMfa } from './addMfa.js'
import { authenticate } from './authenticate.js'
import { disconnect } from './disconnect.js'
import { getMfaFactors } from './getMfaFactors.js'
import { getSignerStatus } from './getSignerStatus.js'
import { getUser } from './getUser.js'
import { removeMfa } from './removeMfa.js'
import { validateMultiFactors } from './validateMultiFactors.js'
import { verifyMfa } from './verifyMfa.js'

/** TOTP through the core actions: enrol, sign in through AWAITING_MFA_AUTH, remove. */

let testbed: CoreTestbed
beforeEach(async () => {
  testbed = await createCoreTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

/** The code of an `otpauth://` URL `offsetSteps` 30-second steps from now (a code is accepted once). */
const totpCode = (otpauthUrl: string, offsetSteps = 0) =>
  generate({
    secret: new URL(otpauthUrl).searchParams.get('secret')!,
    algorithm: 'sha1',
    digits: 6,
    period: 30,
    epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30,
  })

test('default: enrol, sign in with a second factor, remove', async () => {
  const config = testbed.createConfig()
  await testbed.signIn(config, 'ada@example.com')
  expect(await getMfaFactors(config)).toEqual({ multiFactors: [] })
  const { multiFactorId, multiFactorTotpUrl } = await addMfa(config, { multiFactorType: 'totp' })
  const verified = await verifyMfa(config, {
    multiFactorId,
    multiFactorCode: await totpCode(multiFactorTotpUrl),
  })
  expect(verified.multiFactors).toEqual([
    { multiFactorId, multiFactorType: 'totp', createdAt: expect.any(String) },
  ])
  await disconnect(config)

  const pending = authenticate(config, { type: 'email', email: 'ada@example.com' })
  await waitForSignerStatus(config, 'AWAITING_EMAIL_AUTH')
  void authenticate(config, { type: 'otp', otpCode: await testbed.readCode('ada@example.com') }).catch(
    () => undefined,
  )
  await waitForSignerStatus(config, 'AWAITING_MFA_AUTH')
  expect(getSignerStatus(config)).toMatchObject({ isAuthenticating: false, isConnected: false })
  const user = await validateMultiFactors(config, { multiFactorCode: await totpCode(multiFactorTotpUrl, 1) })
  await pending
  expect(getSignerStatus(config).isConnected).toBe(true)
  expect(getUser(config)?.userId).toBe(user.userId)

  // Removing needs a current code; each step is accepted once, so the server's clock moves one step on.
  await expect(removeMfa(config, { multiFactorIds: [multiFactorId] })).rejects.toThrow(
    'MFA is required for this user',
  )
  testbed.server.app.sigil.now = () => Date.now() + 30_000
  const multiFactors = [{ multiFactorId, multiFactorCode: await totpCode(multiFactorTotpUrl, 2) }]
  expect(await removeMfa(config, { multiFactorIds: [multiFactorId], multiFactors })).toEqual({
    multiFactors: [],
  })
})
