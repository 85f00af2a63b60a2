import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createNodeFrameStamper } from '../test/createNodeFrameStamper.js'
import { createSignerTestbed, type SignerTestbed, waitForStatus } from '../test/createSignerTestbed.js'

/**
 * Email-code sign-in end to end against the real server, in process. The key frame is played by
 * `createNodeFrameStamper` (same contract, a P-256 key in Node); the real frame and
 * `createFrameStamper` are tested in Chromium separately.
 */

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  vi.restoreAllMocks()
  await testbed.cleanup()
})

const allEvents = [
  'statusChanged',
  'authenticating',
  'connected',
  'connectedOtp',
  'connectedEmail',
  'disconnected',
  'newUserSignup',
  'errorChanged',
] as const

test('default: email code sign-in connects, emits its events in order and persists the session', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  expect(signer.status).toBe('DISCONNECTED')
  const events = testbed.recordEvents(signer, [...allEvents])

  const pending = signer.authenticate({ type: 'email', email: 'ada@example.com' })
  await waitForStatus(signer, 'AWAITING_EMAIL_AUTH')
  expect(signer.otpId).toMatch(/^[0-9a-f-]{36}$/)
  expect(testbed.routes).toEqual(['/v1/lookup', '/v1/signup'])
  const user = await signer.authenticate({ type: 'otp', otpCode: await testbed.readCode('ada@example.com') })
  expect(await pending).toEqual(user)

  expect(user).toEqual({
    email: 'ada@example.com',
    orgId: expect.any(String),
    userId: expect.any(String),
    address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
    solanaAddress: expect.any(String),
  })
  expect(signer.status).toBe('CONNECTED')
  expect(signer.user).toEqual(user)
  expect(signer.isNewUser).toBe(true)
  // The signer's own listeners (registered first) change the status before later listeners run.
  expect(events).toEqual([
    // signer.on reports the current status, DISCONNECTED and the (absent) error at once.
    'statusChanged:DISCONNECTED',
    'disconnected',
    'errorChanged',
    'statusChanged:AUTHENTICATING_EMAIL',
    'statusChanged:AWAITING_OTP_AUTH',
    'authenticating:otp',
    'statusChanged:AWAITING_EMAIL_AUTH',
    'statusChanged:AWAITING_OTP_AUTH',
    'authenticating:otpVerify',
    'authenticating:otp',
    'statusChanged:CONNECTED',
    'connected',
    'newUserSignup',
    'connectedOtp',
  ])

  const stored = JSON.parse(testbed.storage.getItem('alchemy-signer-session')!)
  expect(stored).toEqual({
    state: {
      session: {
        type: 'otp',
        bundle: expect.any(String),
        expirationDateMs: expect.any(Number),
        user: { address: user.address, orgId: user.orgId, userId: user.userId, email: 'ada@example.com' },
      },
    },
    version: 0,
  })
  expect(stored.state.session.expirationDateMs - Date.now()).toBeGreaterThan(890_000)
  expect(JSON.parse(testbed.storage.getItem('alchemy-signer-session:temporary')!)).toEqual({
    orgId: user.orgId,
    isNewUser: false,
  })
})

test('behavior: an existing user signs in with /v1/auth and is not a new user', async () => {
  await testbed.signIn(testbed.createSigner(), 'grace@example.com')
  testbed.routes.length = 0
  const signer = testbed.createSigner({ sessionConfig: { sessionKey: 'second-tab-key' } })
  const user = await testbed.signIn(signer, 'grace@example.com')
  expect(testbed.routes).toEqual(['/v1/lookup', '/v1/auth', '/v1/otp', '/v1/whoami'])
  expect(user.email).toBe('grace@example.com')
  expect(signer.isNewUser).toBe(false)
})

test('behavior: a reload restores the stored session without a new sign-in', async () => {
  const first = createNodeFrameStamper()
  const user = await testbed.signIn(testbed.createSigner({ stamper: first }), 'alan@example.com')
  testbed.routes.length = 0

  // The frame keeps its embedded key across a reload: same target key, no session key in memory.
  const reloaded = testbed.createSigner({ stamper: createNodeFrameStamper(first.targetKey()) })
  const events = testbed.recordEvents(reloaded, ['statusChanged', 'connected', 'connectedOtp'])
  expect(reloaded.status).toBe('INITIALIZING')
  await reloaded.ready
  expect(reloaded.status).toBe('CONNECTED')
  expect(reloaded.user).toEqual(user)
  expect(testbed.routes).toEqual(['/v1/whoami'])
  expect(events).toEqual([
    'statusChanged:INITIALIZING', // reported at once by signer.on
    'statusChanged:AWAITING_OTP_AUTH',
    'statusChanged:CONNECTED',
    'connected',
    'connectedOtp',
  ])
  expect(await reloaded.whoami()).toEqual(user)
})

test('behavior: the session expires into DISCONNECTED and is cleared', async () => {
  const signer = testbed.createSigner({ sessionConfig: { expirationTimeMs: 1000 } })
  await testbed.signIn(signer, 'expiry@example.com')
  expect(signer.status).toBe('CONNECTED')
  await waitForStatus(signer, 'DISCONNECTED')
  expect(signer.user).toBeUndefined()
  expect(testbed.storage.getItem('alchemy-signer-session')).toBeNull()
  expect(testbed.storage.getItem('alchemy-signer-session:temporary')).toBeNull()
})

test('behavior: an expired stored session is cleared on start', async () => {
  const first = createNodeFrameStamper()
  await testbed.signIn(testbed.createSigner({ stamper: first }), 'old@example.com')
  const stored = JSON.parse(testbed.storage.getItem('alchemy-signer-session')!)
  stored.state.session.expirationDateMs = Date.now() - 1
  testbed.storage.setItem('alchemy-signer-session', JSON.stringify(stored))
  testbed.routes.length = 0

  const reloaded = testbed.createSigner({ stamper: createNodeFrameStamper(first.targetKey()) })
  await reloaded.ready
  expect(reloaded.status).toBe('DISCONNECTED')
  expect(testbed.routes).toEqual([])
  expect(testbed.storage.getItem('alchemy-signer-session')).toBeNull()
})

test('behavior: a stored session that cannot load warns and is cleared', async () => {
  await testbed.signIn(testbed.createSigner(), 'lost@example.com')
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  // Another key frame: the stored bundle was not sealed to it.
  const reloaded = testbed.createSigner({ stamper: createNodeFrameStamper() })
  await reloaded.ready
  expect(reloaded.status).toBe('DISCONNECTED')
  expect(warn).toHaveBeenCalledWith('Failed to load user from session', expect.any(Error))
  expect(testbed.storage.getItem('alchemy-signer-session')).toBeNull()
})

test('behavior: signing out in one tab signs out the other; signing in follows too', async () => {
  const first = createNodeFrameStamper()
  const tabA = testbed.createSigner({ stamper: first })
  const windowB = new EventTarget()
  const tabB = testbed.createSigner({ stamper: createNodeFrameStamper(first.targetKey()), window: windowB })
  await tabB.ready
  expect(tabB.status).toBe('DISCONNECTED')

  const user = await testbed.signIn(tabA, 'tabs@example.com')
  windowB.dispatchEvent(Object.assign(new Event('storage'), { key: 'alchemy-signer-session' }))
  await waitForStatus(tabB, 'CONNECTED')
  expect(tabB.user).toEqual(user)

  await tabA.disconnect()
  expect(tabA.status).toBe('DISCONNECTED')
  windowB.dispatchEvent(Object.assign(new Event('storage'), { key: 'alchemy-signer-session' }))
  await waitForStatus(tabB, 'DISCONNECTED')
  expect(tabB.user).toBeUndefined()
})

test('behavior: window focus re-checks the stored session', async () => {
  const window = new EventTarget()
  const signer = testbed.createSigner({ window })
  await testbed.signIn(signer, 'focus@example.com')
  testbed.storage.removeItem('alchemy-signer-session')
  window.dispatchEvent(new Event('focus'))
  await waitForStatus(signer, 'DISCONNECTED')
})

test('error: a wrong code surfaces the server text, stores the error and disconnects', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  void signer.authenticate({ type: 'email', email: 'wrong@example.com' })
  await waitForStatus(signer, 'AWAITING_EMAIL_AUTH')
  const failure = await signer.authenticate({ type: 'otp', otpCode: '000000' }).catch((error: Error) => error)
  expect(failure).toBeInstanceOf(Error)
  expect(JSON.parse((failure as Error).message)).toEqual({
    error: 'invalid OTP code',
    code: 'INVALID_OTP_CODE',
  })
  expect(signer.status).toBe('DISCONNECTED')
  expect(signer.error).toEqual({ name: 'SignerRequestError', message: (failure as Error).message })
})

test('error: the code step needs the email step first', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  await expect(signer.authenticate({ type: 'otp', otpCode: '123456' })).rejects.toThrow(
    'orgId not found in session',
  )
  expect(signer.error).toEqual({ name: 'SignerError', message: 'orgId not found in session' })
  testbed.storage.setItem('alchemy-signer-session:temporary', JSON.stringify({ orgId: 'org' }))
  await expect(signer.authenticate({ type: 'otp', otpCode: '123456' })).rejects.toThrow(
    'otpId not found in session',
  )
})

test('error: a magic-link bundle without an init session', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  await expect(signer.authenticate({ type: 'email', bundle: 'abc' })).rejects.toThrow(
    'Could not find email auth init session!',
  )
  expect(signer.status).toBe('DISCONNECTED')
})

test('error: a key holder that refuses the bundle', async () => {
  const stamper = createNodeFrameStamper()
  stamper.injectCredentialBundle = async () => false
  const signer = testbed.createSigner({ stamper })
  await signer.ready
  void signer.authenticate({ type: 'email', email: 'refused@example.com' })
  await waitForStatus(signer, 'AWAITING_EMAIL_AUTH')
  await expect(
    signer.authenticate({ type: 'otp', otpCode: await testbed.readCode('refused@example.com') }),
  ).rejects.toThrow('Failed to inject credential bundle')
})

test('error: an unknown auth type', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  await expect(signer.authenticate({ type: 'carrier-pigeon' } as never)).rejects.toThrow(
    'Unknown auth type: carrier-pigeon',
  )
})
