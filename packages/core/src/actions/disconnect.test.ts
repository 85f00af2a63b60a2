import { afterEach, beforeEach, expect, test } from 'vitest'
import { createNodeFrameStamper } from '../../../signer/src/test/createNodeFrameStamper.js'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { createConfig } from '../createConfig.js'
import { type CoreTestbed, createCoreTestbed, waitForSignerStatus } from '../test/createCoreTestbed.js'
import { disconnect } from './disconnect.js'
import { getSigner } from './getSigner.js'
import { getSignerStatus } from './getSignerStatus.js'
import { getUser } from './getUser.js'

let testbed: CoreTestbed
beforeEach(async () => {
  testbed = await createCoreTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: clears the user and the session, resets per-chain accounts, DISCONNECTED', async () => {
  const config = testbed.createConfig()
  const { address } = await testbed.signIn(config, 'ada@example.com')
  const account = { status: 'READY', address: '0x01', owner: address, error: undefined } as const
  config.store.setState({ accounts: { [sigilDevnet.id]: { LightAccount: account } } })
  expect(testbed.sessionStorage.getItem('alchemy-signer-session')).not.toBeNull()

  await disconnect(config)

  const { user, accounts, signerStatus } = config.store.getState()
  expect({
    user,
    accounts,
    status: signerStatus.status,
    isDisconnected: signerStatus.isDisconnected,
  }).toEqual({
    user: undefined,
    accounts: { [sigilDevnet.id]: {} },
    status: 'DISCONNECTED',
    isDisconnected: true,
  })
  expect(testbed.sessionStorage.getItem('alchemy-signer-session')).toBeNull()
})

test('behavior: another tab signing out is followed through the signer', async () => {
  const stamper = createNodeFrameStamper()
  const tab = testbed.createConfig({ stamper })
  await testbed.signIn(tab, 'ada@example.com')
  // Tabs share the key frame's embedded key (IndexedDB of the frame origin) and the session storage.
  const window = new EventTarget()
  const other = testbed.createConfig({ window, stamper: createNodeFrameStamper(stamper.targetKey()) })
  await getSigner(other)!.ready
  expect(getSignerStatus(other).isConnected).toBe(true)

  await disconnect(tab)
  // The browser tells the other tab that the session key changed.
  window.dispatchEvent(Object.assign(new Event('storage'), { key: 'alchemy-signer-session' }))
  await waitForSignerStatus(other, 'DISCONNECTED')

  expect(getSignerStatus(other).isDisconnected).toBe(true)
  expect(getUser(other)).toBeUndefined()
})

test('behavior: without a signer (the server) only the store is reset', async () => {
  const config = createConfig({ connection: { rpcUrl: 'https://signer.example.com' }, chain: sigilDevnet })
  config.store.setState({ user: { address: '0x01', orgId: 'o', userId: 'u' } })
  await disconnect(config)
  expect(getUser(config)).toBeUndefined()
  expect(getSignerStatus(config).status).toBe('DISCONNECTED')
  expect(config.store.getState().signer).toBeUndefined()
})
