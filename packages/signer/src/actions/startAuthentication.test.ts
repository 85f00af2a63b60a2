import { generate } from 'otplib'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'

/** Sign-in step by step against the real server, in process: each step answers the next one. */

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

test('default: an email code sign-in answers { next: "otp" }, then { next: "done" }, with one lookup', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  const step = await signer.startAuthentication({ type: 'email', email: 'steps@example.com' })
  expect(step).toEqual({ next: 'otp', otpId: signer.otpId, isNewUser: true })
  expect(signer.status).toBe('AWAITING_EMAIL_AUTH')
  const otpCode = await testbed.readCode('steps@example.com')
  const done = await signer.startAuthentication({ type: 'otp', otpCode })
  expect(done).toEqual({ next: 'done', user: signer.user })
  expect(signer.status).toBe('CONNECTED')
  expect(signer.isNewUser).toBe(true)
  expect(testbed.routes.filter((route) => route === '/v1/lookup')).toEqual(['/v1/lookup'])
})

test('behavior: a user with a TOTP factor gets { next: "mfa" } after the code, not a wait; the mfa step signs in', async () => {
  const first = testbed.createSigner()
  await testbed.signIn(first, 'steps-mfa@example.com')
  const added = await first.addMfa({ multiFactorType: 'totp' })
  await first.verifyMfa({
    multiFactorId: added.multiFactorId,
    multiFactorCode: await totpCode(added.multiFactorTotpUrl),
  })
  await first.disconnect()
  testbed.routes.length = 0

  const signer = testbed.createSigner()
  await signer.ready
  const step = await signer.startAuthentication({ type: 'email', email: 'steps-mfa@example.com' })
  expect(step).toMatchObject({ next: 'otp', isNewUser: false })
  const otpCode = await testbed.readCode('steps-mfa@example.com')
  const mfa = await signer.startAuthentication({ type: 'otp', otpCode })
  expect(mfa).toEqual({
    next: 'mfa',
    encryptedPayload: expect.any(String),
    multiFactors: [{ multiFactorId: added.multiFactorId, multiFactorType: 'totp' }],
  })
  expect(signer.status).toBe('AWAITING_MFA_AUTH')
  const done = await signer.startAuthentication({
    type: 'mfa',
    multiFactorCode: await totpCode(added.multiFactorTotpUrl, 1),
  })
  expect(done).toEqual({ next: 'done', user: signer.user })
  expect(signer.status).toBe('CONNECTED')
  expect(testbed.routes.filter((route) => route === '/v1/lookup')).toEqual(['/v1/lookup'])
})

test('error: a wrong code stores the error and disconnects, as authenticate does', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  await signer.startAuthentication({ type: 'email', email: 'steps-wrong@example.com' })
  const failure = await signer
    .startAuthentication({ type: 'otp', otpCode: '000000' })
    .catch((error: unknown) => error)
  expect(failure).toMatchObject({ name: 'SignerRequestError' })
  expect(signer.status).toBe('DISCONNECTED')
  expect(signer.error?.name).toBe('SignerRequestError')
})

test("behavior: markSignup flags a new user's sign-up request with aa-is-signup, not an existing user's", async () => {
  await testbed.signIn(testbed.createSigner(), 'known@example.com')
  const bodies: { path: string; body: { redirectParams?: string } }[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    const path = new URL(request.url).pathname.replace(/^\/signer/, '')
    if (path === '/v1/signup' || path === '/v1/auth')
      bodies.push({ path, body: await request.clone().json() })
    return testbed.fetch(request)
  }
  const signer = testbed.createSigner({ fetch })
  await signer.ready
  const flagged = (index: number) =>
    new URLSearchParams(bodies[index]?.body.redirectParams ?? '').get('aa-is-signup')
  await signer.startAuthentication({
    type: 'email',
    email: 'new@example.com',
    emailMode: 'magicLink',
    markSignup: true,
  })
  await signer.startAuthentication({
    type: 'email',
    email: 'known@example.com',
    emailMode: 'magicLink',
    markSignup: true,
  })
  await signer.startAuthentication({ type: 'email', email: 'other@example.com', emailMode: 'magicLink' })
  expect(bodies.map(({ path }) => path)).toEqual(['/v1/signup', '/v1/auth', '/v1/signup'])
  expect([flagged(0), flagged(1), flagged(2)]).toEqual(['true', null, null])
})
