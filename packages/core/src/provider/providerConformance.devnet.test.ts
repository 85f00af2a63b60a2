// @sigil-test own-process
import { BrowserProvider } from 'ethers'
import { type Address, createTestClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createSponsorPolicy } from '../../../server/src/sponsor/createSponsorPolicy.js'
import { getUser } from '../actions/getUser.js'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { createProviderTestbed, type ProviderUnderTest } from '../test/createProviderTestbed.js'
import { createSigilProvider } from './createSigilProvider.js'
import type { SigilProvider } from './SigilProvider.js'

/**
 * docs/provider.md's lines that no other provider test ran, each through `provider.request` against the real
 * server and the devnet (one devnet for the file, from createProviderTestbed): the `confirm` refusals, the
 * owner key's `wallet_getCallsStatus` failure statuses, `paymasterService` on a chain without a policy,
 * `accountsChanged` for another user and after `chainChanged`, ethers' `wait()`, `gas` ignored, a policy
 * refusal and -32603. Each test is titled after the doc line it runs; the chain-less lines are in
 * providerConformance.test.ts.
 */

let bed: Awaited<ReturnType<typeof createProviderTestbed>>
let anvil: ReturnType<typeof createAnvilClient>
let signedIn: ProviderUnderTest & { account: Address }
const createAnvilClient = (rpcUrl: string) =>
  createTestClient({ mode: 'anvil', chain: sigilDevnet, transport: http(rpcUrl) })
beforeAll(async () => {
  bed = await createProviderTestbed()
  anvil = createAnvilClient(bed.testbed.devnet.rpcUrl)
  signedIn = await bed.signedInProvider('conformance')
}, 180_000)
afterAll(() => bed?.cleanup())

const dead = '0x000000000000000000000000000000000000dEaD'
/** `PUSH0 PUSH0 REVERT`: every call to it reverts. */
const reverting = '0x5f5ffd'
const freshAddress = () => privateKeyToAddress(generatePrivateKey())
const mail = {
  domain: { name: 'Ether Mail', version: '1', chainId: 31337 },
  types: { Person: [{ name: 'name', type: 'string' }] },
  primaryType: 'Person',
  message: { name: 'Bob' },
}
const sendCalls = (provider: SigilProvider, request: object) =>
  provider.request({
    method: 'wallet_sendCalls',
    params: [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: false, ...request }],
  }) as Promise<{ id: string }>
const callsStatus = (provider: SigilProvider, id: string) =>
  provider.request({ method: 'wallet_getCallsStatus', params: [id] }) as Promise<{
    status: number
    atomic: boolean
    receipts?: { status: Hex; transactionHash: Hex }[]
  }>

describe('docs/provider.md on the devnet (smart account)', () => {
  test('error: eth_signTypedData_v4, eth_sendTransaction and wallet_sendCalls: 4001 refused by confirm (asked with the method and params; nothing signed or sent)', async () => {
    const asked: { method: string; params: unknown }[] = []
    const refusing = bed.createProvider({
      confirm: (request) => {
        asked.push(request)
        return false
      },
    })
    await bed.testbed.signIn(refusing.config, bed.nextEmail('refuse'))
    const [account] = (await refusing.provider.request({ method: 'eth_accounts' })) as Address[]
    const requests = [
      { method: 'eth_signTypedData_v4', params: [account, JSON.stringify(mail)] },
      { method: 'eth_sendTransaction', params: [{ from: account, to: dead, value: '0x0' }] },
      {
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            id: 'refused-by-confirm',
            chainId: '0x7a69',
            from: account,
            atomicRequired: true,
            calls: [{ to: dead }],
          },
        ],
      },
    ]
    for (const request of requests)
      await expect(refusing.provider.request(request), request.method).rejects.toMatchObject({
        code: 4001,
        details: expect.stringContaining(request.method),
      })
    expect(asked).toEqual(requests)
    // Nothing was sent: the account is not deployed and the app's id is unknown.
    expect(await bed.node.getCode({ address: account! })).toBeUndefined()
    await expect(callsStatus(refusing.provider, 'refused-by-confirm')).rejects.toMatchObject({ code: 5730 })
  })

  test("behavior: eth_sendTransaction: answers the including transaction's hash, so ethers' wait() works (the doc's ethers v6 snippet)", async () => {
    const signer = await new BrowserProvider(signedIn.provider).getSigner()
    const receipt = await (await signer.sendTransaction({ to: dead, value: 0n })).wait()
    expect(receipt).toMatchObject({ status: 1, to: expect.any(String) })
    const onChain = await bed.node.getTransactionReceipt({ hash: receipt!.hash as Hex })
    expect(onChain).toMatchObject({ status: 'success', blockNumber: BigInt(receipt!.blockNumber) })
  })

  test('behavior: eth_sendTransaction: `gas` is ignored (the bundler estimates)', async () => {
    const { provider, account } = signedIn
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: account, to: dead, data: '0x1234', gas: '0x1' }],
    })) as Hex
    expect((await bed.node.getTransactionReceipt({ hash })).status).toBe('success')
    expect(await bed.node.getBalance({ address: account })).toBe(0n)
  })

  test("error: eth_sendTransaction: the gateway's JSON-RPC error, code and message kept: a sponsorship refusal is -32501 naming the policy's rule", async () => {
    const { store } = bed.testbed.server.app.sigil
    const restricted = await createSponsorPolicy(store.db, {
      appId: bed.testbed.server.signerApp.appId,
      allowedTargets: [freshAddress()],
      now: Date.now(),
    })
    const config = bed.testbed.createConfig({
      policyId: undefined,
      chains: [{ chain: sigilDevnet, policyId: restricted.id }],
    })
    const provider = createSigilProvider(config, { smartAccount: { pollingInterval: 50 } })
    await bed.testbed.signIn(config, bed.nextEmail('policy'))
    const [account] = (await provider.request({ method: 'eth_accounts' })) as Address[]
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ from: account, to: dead }] }),
    ).rejects.toMatchObject({
      code: -32501,
      message: expect.stringContaining(`Policy ${restricted.id} does not allow calls to`),
    })
    provider.destroy()
  })

  test('error: Errors: -32603 InternalRpcError for anything else, its message in details (typed data whose uint256 is not a number)', async () => {
    const { provider, account } = signedIn
    const typedData = {
      domain: { name: 'Bad', version: '1', chainId: 31337 },
      types: { Note: [{ name: 'amount', type: 'uint256' }] },
      primaryType: 'Note',
      message: { amount: 'not a number' },
    }
    const failure = await provider
      .request({ method: 'eth_signTypedData_v4', params: [account, JSON.stringify(typedData)] })
      .then(
        () => undefined,
        (error: { code?: number; details?: string }) => error,
      )
    expect(failure).toMatchObject({ code: -32603, details: expect.stringMatching(/not a number/) })
  })

  test('error: wallet_sendCalls: 5700 paymasterService on a chain whose connection has no policy (wallet_getCapabilities lists none there)', async () => {
    const config = bed.testbed.createConfig({ policyId: undefined })
    const provider = createSigilProvider(config, { smartAccount: { pollingInterval: 50 } })
    await bed.testbed.signIn(config, bed.nextEmail('nopolicy'))
    const [account] = (await provider.request({ method: 'eth_accounts' })) as Address[]
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [account] })).toEqual({
      '0x7a69': { atomic: { status: 'supported' } },
    })
    for (const capabilities of [
      { capabilities: { paymasterService: { url: 'https://pm.example' } } },
      { calls: [{ to: dead, capabilities: { paymasterService: { url: 'https://pm.example' } } }] },
    ])
      await expect(
        sendCalls(provider, { id: 'no-policy', from: account, calls: [{ to: dead }], ...capabilities }),
      ).rejects.toMatchObject({ code: 5700, details: expect.stringContaining('paymasterService') })
    await expect(callsStatus(provider, 'no-policy')).rejects.toMatchObject({ code: 5730 })
    provider.destroy()
  })

  test('behavior: Events: accountsChanged for another user (signed in over the first, no sign-out between)', async () => {
    const { provider, config, events } = bed.createProvider()
    await bed.testbed.signIn(config, bed.nextEmail('first'))
    const [first] = (await provider.request({ method: 'eth_accounts' })) as Address[]
    await vi.waitFor(() => expect(events).toContainEqual(['accountsChanged', [first]]), { timeout: 30_000 })
    events.length = 0
    const firstUser = getUser(config)!
    await bed.testbed.signIn(config, bed.nextEmail('second'))
    expect(getUser(config)!.userId).not.toBe(firstUser.userId)
    const [second] = (await provider.request({ method: 'eth_accounts' })) as Address[]
    expect(second).not.toBe(first)
    await vi.waitFor(() => expect(events).toEqual([['accountsChanged', [second]]]), { timeout: 30_000 })
  })

  test('behavior: Events: chainChanged, then accountsChanged when the account differs on the new chain ([] where it cannot be had); none when it is the same', async () => {
    const { provider, config, events } = bed.createProvider()
    await bed.testbed.signIn(config, bed.nextEmail('switch'))
    const [account] = (await provider.request({ method: 'eth_accounts' })) as Address[]
    await vi.waitFor(() => expect(events).toContainEqual(['accountsChanged', [account]]), { timeout: 30_000 })
    events.length = 0
    // The other chain has no node: the smart account's address cannot be had there.
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    await vi.waitFor(
      () =>
        expect(events).toEqual([
          ['chainChanged', '0x7a6a'],
          ['accountsChanged', []],
        ]),
      { timeout: 30_000 },
    )
    events.length = 0
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })
    await vi.waitFor(
      () =>
        expect(events).toEqual([
          ['chainChanged', '0x7a69'],
          ['accountsChanged', [account]],
        ]),
      { timeout: 30_000 },
    )
    // The owner key is the same address on every chain: chainChanged only.
    const owner = createSigilProvider(config, { account: 'owner' })
    const heard: [string, unknown][] = []
    for (const name of ['connect', 'accountsChanged', 'chainChanged'] as const)
      owner.on(name, (value: unknown) => heard.push([name, value]))
    await vi.waitFor(() => expect(heard).toEqual([['connect', { chainId: '0x7a69' }]]), { timeout: 30_000 })
    heard.length = 0
    await owner.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    await owner.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(heard).toEqual([
      ['chainChanged', '0x7a6a'],
      ['chainChanged', '0x7a69'],
    ])
    owner.destroy()
  })
})

describe('docs/provider.md on the devnet: wallet_getCallsStatus for the owner key', () => {
  let owner: ProviderUnderTest & { account: Address }
  beforeAll(async () => {
    const under = bed.createProvider({ account: 'owner' })
    await bed.testbed.signIn(under.config, bed.nextEmail('owner'))
    const account = getUser(under.config)!.address
    await anvil.setBalance({ address: account, value: parseEther('1') })
    owner = { ...under, account }
  }, 60_000)

  test('behavior: wallet_getCallsStatus: 600 partly reverted (owner transactions only): the first call mined, the next one fails', async () => {
    const { provider, account } = owner
    const target = freshAddress()
    await anvil.setCode({ address: target, bytecode: reverting })
    const { id } = await sendCalls(provider, {
      from: account,
      calls: [
        { to: dead, value: '0x1' },
        { to: target, data: '0x01' },
      ],
    })
    const status = await vi.waitFor(
      async () => {
        const each = await callsStatus(provider, id)
        expect(each.status).toBe(600)
        return each
      },
      { timeout: 60_000, interval: 100 },
    )
    expect(status).toMatchObject({ atomic: false, receipts: [{ status: '0x1' }] })
  })

  test('behavior: wallet_getCallsStatus: 500 reverted (every owner transaction reverted)', async () => {
    const { provider, account } = owner
    const target = freshAddress() // no code yet: the call passes the gas estimate
    await anvil.setAutomine(false)
    let id: string
    try {
      ;({ id } = await sendCalls(provider, { from: account, calls: [{ to: target, data: '0x01' }] }))
      await vi.waitFor(async () => expect((await anvil.getTxpoolStatus()).pending).toBeGreaterThan(0), {
        timeout: 30_000,
        interval: 50,
      })
      expect(await callsStatus(provider, id)).toMatchObject({ status: 100, atomic: false })
      // The transaction waits in the node's pool; the target's code changes before it is mined.
      await anvil.setCode({ address: target, bytecode: reverting })
      await anvil.mine({ blocks: 1 })
    } finally {
      await anvil.setAutomine(true)
    }
    await vi.waitFor(async () => expect((await callsStatus(provider, id)).status).toBe(500), {
      timeout: 30_000,
      interval: 100,
    })
    const status = await callsStatus(provider, id)
    expect(status).toMatchObject({ atomic: false, receipts: [{ status: '0x0' }] })
    expect(
      (await bed.node.getTransactionReceipt({ hash: status.receipts![0]!.transactionHash })).status,
    ).toBe('reverted')
  })

  test("error: wallet_getCallsStatus: no 400: an owner bundle whose first send fails is wallet_sendCalls' own error, and its id is unknown (5730)", async () => {
    const { provider, config } = bed.createProvider({ account: 'owner' })
    await bed.testbed.signIn(config, bed.nextEmail('broke'))
    expect(await bed.node.getBalance({ address: getUser(config)!.address })).toBe(0n)
    await expect(
      sendCalls(provider, { id: 'never-on-chain', calls: [{ to: dead, value: '0x1' }] }),
    ).rejects.toMatchObject({ code: expect.any(Number), message: expect.stringMatching(/fund|balance/i) })
    await expect(callsStatus(provider, 'never-on-chain')).rejects.toMatchObject({ code: 5730 })
  })
})
