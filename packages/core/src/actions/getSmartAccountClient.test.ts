import { createMemoryStorage, NotAuthenticatedError } from '@sigil/signer'
import { createPublicClient, defineChain, http, zeroAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createSponsorPolicy } from '../../../server/src/sponsor/createSponsorPolicy.js'
import { createNodeFrameStamper } from '../../../signer/src/test/createNodeFrameStamper.js'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import type { SmartAccountState } from '../store/CoreState.js'
import { createSmartAccountTestbed, type SmartAccountTestbed } from '../test/createSmartAccountTestbed.js'
import { disconnect } from './disconnect.js'
import { getSmartAccountClient } from './getSmartAccountClient.js'
import { getSmartAccountState } from './getSmartAccountState.js'
import { sendCalls } from './sendCalls.js'
import { sendUserOperation } from './sendUserOperation.js'
import { setChain } from './setChain.js'
import { waitForUserOperationTransaction } from './waitForUserOperationTransaction.js'
import { watchSmartAccountClient } from './watchSmartAccountClient.js'

/** Smart-account clients of the signed-in user on the devnet, through the real server's RPC gateway. */

let testbed: SmartAccountTestbed
beforeAll(async () => {
  testbed = await createSmartAccountTestbed()
}, 60_000)
afterAll(() => testbed?.cleanup())

const pollingInterval = 50
const recipient = '0x000000000000000000000000000000000000dEaD'
const node = () => createPublicClient({ transport: http(testbed.devnet.rpcUrl) })

test('default: a LightAccount owned by the user, counterfactual, then deployed by a sponsored operation', async () => {
  const config = testbed.createConfig()
  const { address: owner } = await testbed.signIn(config, 'ada@example.com')
  const seen: (SmartAccountState | undefined)[] = []
  const unwatch = watchSmartAccountClient(config, { type: 'LightAccount' })((account) => seen.push(account))

  const client = await getSmartAccountClient(config, { type: 'LightAccount', pollingInterval })
  unwatch()
  const { address } = client.account
  expect(seen.map((account) => account?.status)).toEqual(['INITIALIZING', 'READY'])
  const record = getSmartAccountState(config, { type: 'LightAccount' })
  expect(record).toEqual({ status: 'READY', address, owner, error: undefined })
  expect(JSON.parse(JSON.stringify(config.store.getState().accounts))).toEqual({
    [testbed.devnet.chainId]: { LightAccount: { status: 'READY', address, owner } },
  })
  expect(client.account.owner.address).toBe(owner)
  expect(await node().getCode({ address })).toBeUndefined()

  const { hash, request } = await sendUserOperation(client, {
    uo: { target: recipient, data: '0x', value: 0n },
    waitForTxn: true,
  })
  expect(request.sender).toBe(address)
  expect(request.paymaster ?? request.paymasterAndData).toBeDefined()
  const receipt = await node().getTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(await node().getCode({ address })).toMatch(/^0x.+/)
  expect(await node().getBalance({ address })).toBe(0n)
})

test('behavior: the same parameters give the same client; a disconnect drops the record and the client', async () => {
  const config = testbed.createConfig()
  const { address: owner } = await testbed.signIn(config, 'grace@example.com')
  const first = await getSmartAccountClient(config, { type: 'LightAccount', pollingInterval })
  expect(await getSmartAccountClient(config, { type: 'LightAccount', pollingInterval })).toBe(first)
  const v1 = await getSmartAccountClient(config, {
    type: 'LightAccount',
    accountParams: { version: 'v1.1.0' },
    pollingInterval,
  })
  expect(v1).not.toBe(first)
  expect(v1.account.address).not.toBe(first.account.address)
  expect(getSmartAccountState(config, { type: 'LightAccount' })?.address).toBe(v1.account.address)

  await disconnect(config)
  expect(getSmartAccountState(config, { type: 'LightAccount' })).toBeUndefined()
  await expect(getSmartAccountClient(config, { type: 'LightAccount' })).rejects.toThrowError(
    NotAuthenticatedError,
  )
  await testbed.signIn(config, 'grace@example.com')
  const again = await getSmartAccountClient(config, { type: 'LightAccount', pollingInterval })
  expect(again).not.toBe(v1)
  expect(again.account.address).toBe(first.account.address)
  expect(getSmartAccountState(config, { type: 'LightAccount' })).toMatchObject({ status: 'READY', owner })
})

test('behavior: after a reload the stored account is RECONNECTING until its client is built again', async () => {
  const storage = createMemoryStorage()
  const sessionStorage = createMemoryStorage()
  const stamper = createNodeFrameStamper()
  const before = testbed.createConfig({
    storage: () => storage,
    sessionConfig: { storage: sessionStorage },
    stamper,
  })
  await testbed.signIn(before, 'ada.reload@example.com')
  const { address } = (await getSmartAccountClient(before, { type: 'LightAccount', pollingInterval })).account
  before.store.getState().signer?.destroy()

  const reloaded = testbed.createConfig({
    storage: () => storage,
    sessionConfig: { storage: sessionStorage },
    stamper: createNodeFrameStamper(stamper.targetKey()),
  })
  expect(getSmartAccountState(reloaded, { type: 'LightAccount' })).toMatchObject({ status: 'READY', address })
  const seen: (SmartAccountState | undefined)[] = []
  watchSmartAccountClient(reloaded, { type: 'LightAccount' })((account) => seen.push(account))
  // Asked at once, before the signer has restored the session: it waits for it.
  const client = await getSmartAccountClient(reloaded, { type: 'LightAccount', pollingInterval })
  expect(client.account.address).toBe(address)
  expect(seen.map((account) => [account?.status, account?.address])).toEqual([
    ['RECONNECTING', address],
    ['READY', address],
  ])
})

test('behavior: every account type has its own address; a sponsored batch from a ModularAccountV2', async () => {
  const config = testbed.createConfig()
  await testbed.signIn(config, 'alan@example.com')
  const types = [
    'LightAccount',
    'MultiOwnerLightAccount',
    'MultiOwnerModularAccount',
    'ModularAccountV2',
  ] as const
  const clients = await Promise.all(
    types.map((type) => getSmartAccountClient(config, { type, pollingInterval })),
  )
  const addresses = clients.map((client) => client.account.address)
  expect(new Set(addresses).size).toBe(4)
  const accounts = config.store.getState().accounts[testbed.devnet.chainId]!
  expect(types.map((type) => accounts[type]?.address)).toEqual(addresses)

  const modular = clients[3]!
  const { id } = await sendCalls(modular, {
    calls: [
      { to: recipient, value: 0n },
      { to: zeroAddress, data: '0x' },
    ],
  })
  const hash = await waitForUserOperationTransaction(modular, { hash: id })
  expect((await node().getTransactionReceipt({ hash })).status).toBe('success')
  expect(await node().getBalance({ address: modular.account.address })).toBe(0n)
})

test('behavior: accounts are per chain: another chain has its own record, the first chain keeps its client', async () => {
  const otherChain = defineChain({ ...sigilDevnet, id: 31338, name: 'Other Devnet' })
  const config = testbed.createConfig({ chains: [{ chain: sigilDevnet }, { chain: otherChain }] })
  await testbed.signIn(config, 'edsger@example.com')
  const first = await getSmartAccountClient(config, { type: 'LightAccount', pollingInterval })

  setChain(config, otherChain)
  expect(getSmartAccountState(config, { type: 'LightAccount' })).toBeUndefined()
  // The gateway serves no chain 31338: the record of that chain says why, the devnet's stays READY.
  await expect(getSmartAccountClient(config, { type: 'LightAccount' })).rejects.toThrowError(
    'getCounterFactualAddress failed',
  )
  const { accounts } = config.store.getState()
  expect(accounts[otherChain.id]?.LightAccount).toMatchObject({
    status: 'ERROR',
    error: { name: expect.any(String) },
  })
  expect(accounts[sigilDevnet.id]?.LightAccount).toMatchObject({
    status: 'READY',
    address: first.account.address,
  })

  setChain(config, sigilDevnet)
  expect(await getSmartAccountClient(config, { type: 'LightAccount', pollingInterval })).toBe(first)
})

test('error: a policy refusal reaches the caller with its message (a policyId given to the action wins)', async () => {
  const { store } = testbed.server.app.sigil
  const policy = await createSponsorPolicy(store.db, {
    appId: testbed.server.signerApp.appId,
    allowedTargets: [zeroAddress],
    now: Date.now(),
  })
  const config = testbed.createConfig()
  await testbed.signIn(config, 'barbara@example.com')
  const sponsored = await getSmartAccountClient(config, { type: 'LightAccount', pollingInterval })
  const client = await getSmartAccountClient(config, {
    type: 'LightAccount',
    pollingInterval,
    policyId: policy.id,
  })
  expect(client).not.toBe(sponsored)
  expect(client.account.address).toBe(sponsored.account.address)
  await expect(sendUserOperation(client, { uo: { target: recipient, data: '0x' } })).rejects.toThrowError(
    `Policy ${policy.id} does not allow calls to ${recipient.toLowerCase()}`,
  )
})

test("behavior: a signed-in policy sponsors the user: the client stamps sponsorship requests with the user's session", async () => {
  const { store } = testbed.server.app.sigil
  const policy = await createSponsorPolicy(store.db, {
    appId: testbed.server.signerApp.appId,
    audience: 'signed-in',
    now: Date.now(),
  })
  const config = testbed.createConfig()
  await testbed.signIn(config, 'grace@example.com')
  const client = await getSmartAccountClient(config, {
    type: 'LightAccount',
    pollingInterval,
    policyId: policy.id,
  })
  const { hash, request } = await sendUserOperation(client, {
    uo: { target: recipient, data: '0x', value: 0n },
    waitForTxn: true,
  })
  expect(request.paymaster ?? request.paymasterAndData).toBeDefined()
  expect((await node().getTransactionReceipt({ hash })).status).toBe('success')
  expect(await node().getBalance({ address: client.account.address })).toBe(0n)
})

test('error: nobody signed in', async () => {
  const config = testbed.createConfig()
  await expect(getSmartAccountClient(config, { type: 'LightAccount' })).rejects.toThrowError(
    NotAuthenticatedError,
  )
  expect(getSmartAccountState(config, { type: 'LightAccount' })).toBeUndefined()
})
