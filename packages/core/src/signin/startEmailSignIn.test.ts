import { afterEach, beforeEach, expect, test } from 'vitest'
import { createApp } from '../../../server/src/apps/createApp.js'
import { addVerifiedTotpFactor } from '../../../server/src/auth/email/test/addVerifiedTotpFactor.js'
import { testAppOrigin } from '../../../server/src/test/createTestServer.js'
import { testRpcUrl } from '../../../signer/src/test/createSignerTestbed.js'
import { disconnect } from '../actions/disconnect.js'
import { getSignerStatus } from '../actions/getSignerStatus.js'
import { type CoreTestbed, createCoreTestbed } from '../test/createCoreTestbed.js'
import { readSignInError } from './readSignInError.js'
import { startEmailSignIn } from './startEmailSignIn.js'
import { submitMfaCode } from './submitMfaCode.js'
import { submitOtp } from './submitOtp.js'
import type { WatchedSignInStep } from './watchSignInStep.js'
import { watchSignInStep } from './watchSignInStep.js'

/** Email sign-in through the core actions against the real server (in process). */

const email = 'ada@example.com'
let testbed: CoreTestbed
beforeEach(async () => {
  testbed = await createCoreTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

/** A second app on the server whose email sign-in mails links; `openLink` follows the newest one. */
async function createLinkConfig() {
  const { apiKey } = await createApp(testbed.server.store.db, {
    name: 'link app',
    origins: [testAppOrigin],
    emailMode: 'magic-link',
    redirectUrl: `${testAppOrigin}/auth/return`,
    now: Date.now(),
  })
  const config = testbed.createConfig({ connection: { rpcUrl: testRpcUrl, apiKey } })
  const openLink = async () => {
    const link = new URL(await testbed.readCode(email))
    const landing = await testbed.server.app.request(link.pathname + link.search)
    return new URL(landing.headers.get('location') ?? 'about:blank').searchParams
  }
  return { config, openLink }
}

test('default: code mode answers otp; the code signs the new user in', async () => {
  const config = testbed.createConfig()
  const step = await startEmailSignIn(config, { email })
  expect(step).toEqual({ next: 'otp', otpId: expect.any(String) })
  expect(getSignerStatus(config).status).toBe('AWAITING_EMAIL_AUTH')

  const done = await submitOtp(config, { code: await testbed.readCode(email) })
  expect(done).toEqual({
    next: 'done',
    user: expect.objectContaining({ email, address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) }),
    isNewUser: true,
  })
  expect(getSignerStatus(config).isConnected).toBe(true)
  expect(testbed.routes.filter((route) => route === '/v1/lookup')).toHaveLength(1)
})

test("behavior: the server's link mode wins over emailMode; a new user's link says aa-is-signup", async () => {
  const { config, openLink } = await createLinkConfig()
  const steps: WatchedSignInStep['next'][] = []
  const unwatch = watchSignInStep(config)((step) => steps.push(step.next))
  expect(await startEmailSignIn(config, { email, emailMode: 'otp' })).toEqual({ next: 'link' })
  const landing = await openLink()
  expect(landing.get('aa-is-signup')).toBe('true')

  const signer = config.store.getState().signer!
  await signer.authenticate({ type: 'email', bundle: landing.get('bundle')!, orgId: landing.get('orgId')! })
  expect(steps).toEqual(['done'])
  unwatch()
})

test('behavior: a link sign-in of a user with an authenticator factor asks its code before mailing', async () => {
  const { config, openLink } = await createLinkConfig()
  await startEmailSignIn(config, { email })
  const landing = await openLink()
  const signer = config.store.getState().signer!
  const user = await signer.authenticate({
    type: 'email',
    bundle: landing.get('bundle')!,
    orgId: landing.get('orgId')!,
  })
  const factor = await addVerifiedTotpFactor(testbed.server, user.userId)
  await disconnect(config)

  const step = await startEmailSignIn(config, { email })
  expect(step).toEqual({ next: 'mfa', factorId: factor.multiFactorId, factorType: 'totp', email })
  if (step.next !== 'mfa') return
  expect(await submitMfaCode(config, { code: await factor.code(), step })).toEqual({ next: 'link' })
  expect((await openLink()).get('aa-is-signup')).toBeNull()
})

test("error: a refused sign-in throws the server's code and text; the signer is DISCONNECTED", async () => {
  const config = testbed.createConfig({ connection: { rpcUrl: testRpcUrl, apiKey: 'sigil_unknown' } })
  const failure = await startEmailSignIn(config, { email }).catch((error: unknown) => error)
  expect(readSignInError(failure)).toEqual({
    code: expect.any(String),
    message: 'unknown or revoked API key',
    status: 401,
  })
  expect(getSignerStatus(config).isConnected).toBe(false)
})
