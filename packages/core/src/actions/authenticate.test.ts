import { createMemoryStorage } from '@sigil/signer'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createNodeFrameStamper } from '../../../signer/src/test/createNodeFrameStamper.js'
import { type CoreTestbed, createCoreTestbed } from '../test/createCoreTestbed.js'
import { authenticate } from './authenticate.js'
import { getSigner } from './getSigner.js'
import { getSignerStatus } from './getSignerStatus.js'
import { getUser } from './getUser.js'
import { watchSignerStatus } from './watchSignerStatus.js'
import { watchUser } from './watchUser.js'

/** Sign-in through the core actions against the real server (in process); the store follows the signer. */

let testbed: CoreTestbed
beforeEach(async () => {
  testbed = await createCoreTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: email code sign-in leaves the store CONNECTED with the user', async () => {
  const config = testbed.createConfig()
  const statuses: string[] = []
  watchSignerStatus(config)((status) => statuses.push(status.status))
  const users: (string | undefined)[] = []
  watchUser(config)((user) => users.push(user?.email))

  const user = await testbed.signIn(config, 'ada@example.com')

  expect(user).toMatchObject({
    email: 'ada@example.com',
    address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
  })
  expect(getUser(config)).toEqual(user)
  expect(getSignerStatus(config)).toEqual({
    status: 'CONNECTED',
    error: undefined,
    isInitializing: false,
    isAuthenticating: false,
    isConnected: true,
    isDisconnected: false,
  })
  // The signer's own sequence (its `authenticating` events of type otp set AWAITING_OTP_AUTH).
  expect(statuses).toEqual([
    'DISCONNECTED',
    'AUTHENTICATING_EMAIL',
    'AWAITING_OTP_AUTH',
    'AWAITING_EMAIL_AUTH',
    'AWAITING_OTP_AUTH',
    'CONNECTED',
  ])
  expect(users).toEqual(['ada@example.com'])
})

test('behavior: a reload (new config, same storages and key frame) restores the user and the session', async () => {
  const storage = createMemoryStorage()
  const stamper = createNodeFrameStamper()
  const before = testbed.createConfig({ storage: () => storage, stamper })
  const user = await testbed.signIn(before, 'ada@example.com')
  before.store.getState().signer?.destroy()

  // The frame keeps its embedded key across reloads (IndexedDB): the same target key.
  const reloaded = testbed.createConfig({
    storage: () => storage,
    stamper: createNodeFrameStamper(stamper.targetKey()),
  })
  expect(getUser(reloaded)).toEqual({
    address: user.address,
    orgId: user.orgId,
    userId: user.userId,
    email: 'ada@example.com',
  })
  expect(getSignerStatus(reloaded).status).toBe('CONNECTED')
  const statuses: string[] = []
  watchSignerStatus(reloaded)((status) => statuses.push(status.status))
  await getSigner(reloaded)!.ready
  expect(getSignerStatus(reloaded).isConnected).toBe(true)
  expect(getUser(reloaded)).toEqual(user)
  expect(statuses.at(-1)).toBe('CONNECTED')
})

test('error: a wrong code stores the error and DISCONNECTED', async () => {
  const config = testbed.createConfig()
  const pending = authenticate(config, { type: 'email', email: 'bob@example.com' })
  await new Promise<void>((resolve) => {
    const unwatch = watchSignerStatus(config)((status) => {
      if (status.status !== 'AWAITING_EMAIL_AUTH') return
      unwatch()
      resolve()
    })
  })
  const code = await testbed.readCode('bob@example.com')
  const wrong = code === '000000' ? '111111' : '000000'
  await expect(authenticate(config, { type: 'otp', otpCode: wrong })).rejects.toThrowError()
  expect(getSignerStatus(config)).toMatchObject({
    status: 'DISCONNECTED',
    isDisconnected: true,
    error: { name: expect.any(String), message: expect.any(String) },
  })
  expect(getUser(config)).toBeUndefined()
  void pending.catch(() => undefined)
})
