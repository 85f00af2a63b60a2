import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import type { SmartAccountState } from '../store/CoreState.js'
import { waitForSignerStatus } from '../test/createCoreTestbed.js'
import { createSmartAccountTestbed, type SmartAccountTestbed } from '../test/createSmartAccountTestbed.js'
import { disconnect } from './disconnect.js'
import { getSmartAccountClient } from './getSmartAccountClient.js'
import { getSmartAccountState } from './getSmartAccountState.js'
import { sendUserOperation } from './sendUserOperation.js'
import { watchSmartAccountClient } from './watchSmartAccountClient.js'

/**
 * The signed-in user's smart-account client across a sign-out and a sign-in as the same user, on the
 * devnet through the real server's RPC gateway: the store's record goes with the sign-out, and the
 * next sign-in builds the client anew for the same account, with no reload.
 */

let testbed: SmartAccountTestbed
beforeAll(async () => {
  testbed = await createSmartAccountTestbed()
}, 60_000)
afterAll(() => testbed?.cleanup())

const pollingInterval = 50
const recipient = '0x000000000000000000000000000000000000dEaD'
const node = () => createPublicClient({ transport: http(testbed.devnet.rpcUrl) })

test('behavior: signed in, a sponsored operation, signed out and in again as the same user: the same account, a new client, a second operation', async () => {
  const config = testbed.createConfig()
  const { address: owner } = await testbed.signIn(config, 'ada.return@example.com')
  const first = await getSmartAccountClient(config, { type: 'LightAccount', pollingInterval })
  const { address } = first.account
  await sendUserOperation(first, { uo: { target: recipient, data: '0x', value: 0n }, waitForTxn: true })

  await disconnect(config)
  expect(getSmartAccountState(config, { type: 'LightAccount' })).toBeUndefined()
  await testbed.signIn(config, 'ada.return@example.com')
  const seen: (SmartAccountState | undefined)[] = []
  const unwatch = watchSmartAccountClient(config, { type: 'LightAccount' })((account) => seen.push(account))
  const again = await getSmartAccountClient(config, { type: 'LightAccount', pollingInterval })
  unwatch()
  expect(again).not.toBe(first)
  expect(again.account.address).toBe(address)
  expect(seen.map((account) => account?.status)).toEqual(['INITIALIZING', 'READY'])
  expect(getSmartAccountState(config, { type: 'LightAccount' })).toEqual({
    status: 'READY',
    address,
    owner,
    error: undefined,
  })
  const { hash, request } = await sendUserOperation(again, {
    uo: { target: recipient, data: '0x', value: 0n },
    waitForTxn: true,
  })
  expect(request.sender).toBe(address)
  expect((await node().getTransactionReceipt({ hash })).status).toBe('success')
})

test('behavior: a sign-out the store follows from the signer (another tab, an expired session): signed in again, the client is built anew', async () => {
  const config = testbed.createConfig()
  await testbed.signIn(config, 'ada.tab@example.com')
  const first = await getSmartAccountClient(config, { type: 'LightAccount', pollingInterval })
  await config.store.getState().signer!.disconnect()
  await waitForSignerStatus(config, 'DISCONNECTED')
  expect(getSmartAccountState(config, { type: 'LightAccount' })).toBeUndefined()

  await testbed.signIn(config, 'ada.tab@example.com')
  const again = await getSmartAccountClient(config, { type: 'LightAccount', pollingInterval })
  expect(again).not.toBe(first)
  expect(again.account.address).toBe(first.account.address)
  expect(getSmartAccountState(config, { type: 'LightAccount' })?.status).toBe('READY')
})

test('behavior: a client that finishes building after a sign-out writes no record; signed in again, it is built anew', async () => {
  // The gateway answers only once the test opens the gate: the build is still running at the sign-out.
  let open = () => {}
  const gate = new Promise<void>((resolve) => {
    open = resolve
  })
  const gatedFetch: typeof fetch = async (input, init) => {
    await gate
    return fetch(input, init)
  }
  const transport = http(testbed.gatewayUrl, {
    fetchFn: gatedFetch,
    fetchOptions: { headers: { authorization: `Bearer ${testbed.server.signerApp.apiKey}` } },
  })
  const config = testbed.createConfig({ chains: [{ chain: sigilDevnet, transport }] })
  await testbed.signIn(config, 'ada.early@example.com')
  const building = getSmartAccountClient(config, { type: 'LightAccount', pollingInterval })
  await vi.waitFor(() =>
    expect(getSmartAccountState(config, { type: 'LightAccount' })?.status).toBe('INITIALIZING'),
  )
  await disconnect(config)
  open()
  const stale = await building
  expect(getSmartAccountState(config, { type: 'LightAccount' })).toBeUndefined()

  await testbed.signIn(config, 'ada.early@example.com')
  const again = await getSmartAccountClient(config, { type: 'LightAccount', pollingInterval })
  expect(again).not.toBe(stale)
  expect(again.account.address).toBe(stale.account.address)
  expect(getSmartAccountState(config, { type: 'LightAccount' })?.status).toBe('READY')
})
