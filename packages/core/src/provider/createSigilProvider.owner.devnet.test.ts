// @sigil-test own-process
import { type Address, createWalletClient, custom, type Hex, parseEther } from 'viem'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { getUser } from '../actions/getUser.js'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { createProviderTestbed, type ProviderUnderTest } from '../test/createProviderTestbed.js'

/**
 * docs/provider.md's `account: 'owner'` lines against the real server and the devnet: the provider acts as
 * the signed-in user's own key, whose signatures recover to it, whose transactions it pays for (funded here
 * with anvil), and which cannot batch atomically.
 */

let bed: Awaited<ReturnType<typeof createProviderTestbed>>
let owner: ProviderUnderTest & { account: Address }
beforeAll(async () => {
  bed = await createProviderTestbed()
  const under = bed.createProvider({ account: 'owner' })
  await bed.testbed.signIn(under.config, bed.nextEmail('owner'))
  const account = getUser(under.config)!.address
  await bed.node.request({
    method: 'anvil_setBalance',
    params: [account, `0x${parseEther('1').toString(16)}`],
  } as never)
  owner = { ...under, account }
}, 120_000)
afterAll(() => bed?.cleanup())

const dead = '0x000000000000000000000000000000000000dEaD'
const wallet = () => createWalletClient({ chain: sigilDevnet, transport: custom(owner.provider) })

test('default: eth_accounts is the user key; viem signMessage / signTypedData recover to it; sendTransaction is an ordinary transaction from it', async () => {
  const { account } = owner
  expect(await owner.provider.request({ method: 'eth_accounts' })).toEqual([account])
  const signature = await wallet().signMessage({ account, message: 'from the key' })
  expect(await bed.node.verifyMessage({ address: account, message: 'from the key', signature })).toBe(true)
  const typedData = {
    domain: { name: 'Owner', version: '1', chainId: 31337 },
    types: { Note: [{ name: 'amount', type: 'uint256' }] },
    primaryType: 'Note',
    message: { amount: 12345678901234567890n },
  } as const
  const typed = await wallet().signTypedData({ account, ...typedData })
  expect(await bed.node.verifyTypedData({ address: account, ...typedData, signature: typed })).toBe(true)

  const before = await bed.node.getBalance({ address: dead })
  const hash = await wallet().sendTransaction({ account, to: dead, value: 1000n })
  const receipt = await bed.node.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(account.toLowerCase())
  expect(await bed.node.getBalance({ address: dead })).toBe(before + 1000n)
})

test('behavior: capabilities say atomic unsupported and no paymasterService; sendCalls without atomicRequired sends the calls one after another, status 200 with a receipt each', async () => {
  const { provider, account } = owner
  expect(await provider.request({ method: 'wallet_getCapabilities', params: [account] })).toEqual({
    '0x7a69': { atomic: { status: 'unsupported' } },
    '0x7a6a': { atomic: { status: 'unsupported' } },
  })
  const before = await bed.node.getBalance({ address: dead })
  const { id } = (await provider.request({
    method: 'wallet_sendCalls',
    params: [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: account,
        atomicRequired: false,
        calls: [
          { to: dead, value: '0x1' },
          { to: dead, value: '0x2' },
        ],
      },
    ],
  })) as { id: string }
  const status = await vi.waitFor(
    async () => {
      const each = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
        status: number
        atomic: boolean
        receipts: { status: Hex; transactionHash: Hex }[]
      }
      expect(each.status).toBe(200)
      return each
    },
    { timeout: 60_000, interval: 100 },
  )
  expect(status.atomic).toBe(false)
  expect(status.receipts.map((receipt) => receipt.status)).toEqual(['0x1', '0x1'])
  expect(await bed.node.getBalance({ address: dead })).toBe(before + 3n)
})

test('error: atomicRequired is 5760, paymasterService is 5700 (the key is not sponsored)', async () => {
  const { provider, account } = owner
  const base = { version: '2.0.0', chainId: '0x7a69', from: account, calls: [{ to: dead }] }
  await expect(
    provider.request({ method: 'wallet_sendCalls', params: [{ ...base, atomicRequired: true }] }),
  ).rejects.toMatchObject({ code: 5760 })
  await expect(
    provider.request({
      method: 'wallet_sendCalls',
      params: [
        { ...base, atomicRequired: false, capabilities: { paymasterService: { url: 'https://pm.example' } } },
      ],
    }),
  ).rejects.toMatchObject({ code: 5700 })
})

test("error: a key without funds: eth_sendTransaction and wallet_sendCalls fail with the node's JSON-RPC error, and the id is not kept", async () => {
  const { provider, config } = bed.createProvider({ account: 'owner' })
  await bed.testbed.signIn(config, bed.nextEmail('broke'))
  const account = getUser(config)!.address
  expect(await bed.node.getBalance({ address: account })).toBe(0n)
  const noFunds = { code: expect.any(Number), message: expect.stringMatching(/fund|balance/i) }
  await expect(
    provider.request({ method: 'eth_sendTransaction', params: [{ from: account, to: dead, value: '0x1' }] }),
  ).rejects.toMatchObject(noFunds)
  await expect(
    provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          id: 'broke-1',
          chainId: '0x7a69',
          atomicRequired: false,
          calls: [{ to: dead, value: '0x1' }],
        },
      ],
    }),
  ).rejects.toMatchObject(noFunds)
  await expect(
    provider.request({ method: 'wallet_getCallsStatus', params: ['broke-1'] }),
  ).rejects.toMatchObject({
    code: 5730,
  })
})
