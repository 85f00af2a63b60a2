// @sigil-test own-process
import { BrowserProvider } from 'ethers'
import { type Address, createWalletClient, custom, type Hex, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { disconnect } from '../actions/disconnect.js'
import { getSmartAccountClient } from '../actions/getSmartAccountClient.js'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { createProviderTestbed, type ProviderUnderTest } from '../test/createProviderTestbed.js'
import { otherChain } from '../test/otherChain.js'

/**
 * docs/provider.md, line by line, against the real server and the devnet with the provider acting as the
 * signed-in user's smart account (the default): viem's `custom(provider)` wallet client and ethers'
 * `BrowserProvider` sign and send through it, signatures verify on chain (EIP-6492 before deployment,
 * ERC-1271 after), sends are sponsored by the app's policy (the account's balance stays 0), bundles reach
 * status 200 with receipts, and each refusal carries its EIP-1193 / ERC-5792 code.
 */

let bed: Awaited<ReturnType<typeof createProviderTestbed>>
let signedIn: ProviderUnderTest & { account: Address }
beforeAll(async () => {
  bed = await createProviderTestbed()
  const under = bed.createProvider({
    openSignIn: () => void bed.testbed.signIn(under.config, bed.nextEmail('smart')),
  })
  const [account] = (await under.provider.request({ method: 'eth_requestAccounts' })) as Address[]
  signedIn = { ...under, account: account! }
}, 120_000)
afterAll(() => bed?.cleanup())

const dead = '0x000000000000000000000000000000000000dEaD'
const mail = {
  domain: { name: 'Ether Mail', version: '1', chainId: 31337 },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
  },
  primaryType: 'Person',
  message: { name: 'Bob', wallet: dead },
} as const
const wallet = () => createWalletClient({ chain: sigilDevnet, transport: custom(signedIn.provider) })

describe('eth_requestAccounts, eth_accounts, eth_chainId, events', () => {
  test('default: signed out, [] and the chain; eth_requestAccounts opens the sign-in and resolves with the smart account; connect then accountsChanged', async () => {
    const { provider, config, events } = bed.createProvider({
      openSignIn: () => void bed.testbed.signIn(config, bed.nextEmail('request')),
    })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as Address[]
    const client = await getSmartAccountClient(config, { type: 'ModularAccountV2', pollingInterval: 50 })
    expect(accounts).toEqual([client.account.address])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual(accounts)
    await vi.waitFor(
      () =>
        expect(events).toEqual([
          ['connect', { chainId: '0x7a69' }],
          ['accountsChanged', accounts],
        ]),
      { timeout: 30_000 },
    )
  })

  test('behavior: signing out emits accountsChanged([]) then disconnect 4900; eth_accounts is [] and signing is 4100', async () => {
    const { provider, config, events } = bed.createProvider()
    await bed.testbed.signIn(config, bed.nextEmail('out'))
    const [account] = (await provider.request({ method: 'eth_accounts' })) as Address[]
    events.length = 0
    await disconnect(config)
    expect(events.map(([name]) => name)).toEqual(['accountsChanged', 'disconnect'])
    expect(events[0]![1]).toEqual([])
    expect(events[1]![1]).toMatchObject({ code: 4900 })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x68', account] }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  test('error: eth_requestAccounts without openSignIn is 4100; a closed sign-in (openSignIn rejects) is 4001', async () => {
    await expect(
      bed.createProvider().provider.request({ method: 'eth_requestAccounts' }),
    ).rejects.toMatchObject({
      code: 4100,
      details: expect.stringContaining('openSignIn'),
    })
    const closing = bed.createProvider({ openSignIn: () => Promise.reject(new Error('closed by the user')) })
    await expect(closing.provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({
      code: 4001,
    })
  })
})

describe('personal_sign, eth_signTypedData_v4, eth_sendTransaction through viem and ethers', () => {
  test('default: viem signMessage / signTypedData verify for the undeployed account (EIP-6492); a sponsored sendTransaction deploys it; then ERC-1271', async () => {
    const { account } = signedIn
    expect(await bed.node.getCode({ address: account })).toBeUndefined()
    const signature = await wallet().signMessage({ account, message: 'hello before' })
    expect(await bed.node.verifyMessage({ address: account, message: 'hello before', signature })).toBe(true)
    const typed = await wallet().signTypedData({ account, ...mail })
    expect(await bed.node.verifyTypedData({ address: account, ...mail, signature: typed })).toBe(true)
    const raw = await wallet().signMessage({ account, message: { raw: '0xdeadbeef' } })
    expect(
      await bed.node.verifyMessage({ address: account, message: { raw: '0xdeadbeef' }, signature: raw }),
    ).toBe(true)

    const hash = await wallet().sendTransaction({ account, to: dead, value: 0n, data: '0x1234' })
    const receipt = await bed.node.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await bed.node.getCode({ address: account })).toMatch(/^0x.+/)
    expect(await bed.node.getBalance({ address: account })).toBe(0n)

    const after = await wallet().signMessage({ account, message: 'hello after' })
    expect(await bed.node.verifyMessage({ address: account, message: 'hello after', signature: after })).toBe(
      true,
    )
  })

  test('behavior: ethers v6 BrowserProvider signs a message that verifies and sends a transaction that is mined', async () => {
    const ethers = new BrowserProvider(signedIn.provider)
    const signer = await ethers.getSigner()
    expect(signer.address).toBe(signedIn.account)
    const signature = (await signer.signMessage('hello ethers')) as Hex
    expect(
      await bed.node.verifyMessage({ address: signedIn.account, message: 'hello ethers', signature }),
    ).toBe(true)
    const response = await signer.sendTransaction({ to: dead, value: 0n })
    expect((await bed.node.getTransactionReceipt({ hash: response.hash as Hex })).status).toBe('success')
  })

  test('error: another from/address is 4100, another chainId 4901, no `to` -32602, a refused confirm 4001', async () => {
    const { provider, account } = signedIn
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', dead] })).rejects.toMatchObject(
      { code: 4100 },
    )
    await expect(
      provider.request({ method: 'eth_signTypedData_v4', params: [dead, JSON.stringify(mail)] }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ from: dead, to: dead }] }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      provider.request({
        method: 'eth_sendTransaction',
        params: [{ from: account, to: dead, chainId: '0x1' }],
      }),
    ).rejects.toMatchObject({ code: 4901 })
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ from: account, data: '0x' }] }),
    ).rejects.toMatchObject({ code: -32602 })
    const refusing = bed.createProvider({ confirm: ({ method }) => method !== 'personal_sign' })
    await bed.testbed.signIn(refusing.config, bed.nextEmail('refuse'))
    const [own] = (await refusing.provider.request({ method: 'eth_accounts' })) as Address[]
    await expect(
      refusing.provider.request({ method: 'personal_sign', params: ['0x68', own] }),
    ).rejects.toMatchObject({ code: 4001 })
  })
})

describe('wallet_switchEthereumChain, wallet_addEthereumChain', () => {
  test('default: switching to a configured chain answers null, emits chainChanged and moves eth_chainId; adding a configured chain answers null', async () => {
    const { provider, events } = bed.createProvider()
    expect(
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [{ chainId: '0x7a6a', chainName: 'Other' }],
      }),
    ).toBeNull()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }),
    ).toBeNull()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(events).toEqual([['chainChanged', '0x7a6a']])
    expect(otherChain.id).toBe(0x7a6a)
  })

  test('error: an unknown chain is 4902 for both, naming the configured chains; a non-hex chainId is -32602', async () => {
    const { provider } = bed.createProvider()
    for (const method of ['wallet_switchEthereumChain', 'wallet_addEthereumChain'])
      await expect(provider.request({ method, params: [{ chainId: '0x1' }] })).rejects.toMatchObject({
        code: 4902,
        details: expect.stringContaining('0x7a69, 0x7a6a'),
      })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 31338 }] }),
    ).rejects.toMatchObject({ code: -32602 })
  })
})

describe('ERC-5792: wallet_getCapabilities, wallet_sendCalls, wallet_getCallsStatus, wallet_showCallsStatus', () => {
  test('default: capabilities per chain; viem sendCalls (sponsored, atomic) reaches status 200 with the receipt; showCallsStatus hands the status to the app', async () => {
    const { provider, account } = signedIn
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [account] })).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
      '0x7a6a': { atomic: { status: 'supported' } },
    })
    expect(
      await provider.request({ method: 'wallet_getCapabilities', params: [account, ['0x7a6a']] }),
    ).toEqual({
      '0x7a6a': { atomic: { status: 'supported' } },
    })
    const { id } = await wallet().sendCalls({
      account,
      forceAtomic: true,
      calls: [
        { to: dead, value: 0n },
        { to: zeroAddress, data: '0xabcd' },
      ],
      capabilities: { paymasterService: { url: 'https://ignored.example' } },
    })
    const status = await wallet().waitForCallsStatus({ id, pollingInterval: 100, timeout: 60_000 })
    expect(status).toMatchObject({
      status: 'success',
      statusCode: 200,
      atomic: true,
      chainId: 31337,
      version: '2.0.0',
    })
    const raw = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
      receipts: { transactionHash: Hex; status: Hex }[]
    }
    expect(raw).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', status: 200, atomic: true })
    expect(raw.receipts).toHaveLength(1)
    expect(raw.receipts[0]!.status).toBe('0x1')
    expect((await bed.node.getTransactionReceipt({ hash: raw.receipts[0]!.transactionHash })).status).toBe(
      'success',
    )
    expect(await bed.node.getBalance({ address: account })).toBe(0n)
    // The id is the user operation's hash: a provider that did not send it still answers it from the bundler.
    expect(
      await bed.createProvider().provider.request({ method: 'wallet_getCallsStatus', params: [id] }),
    ).toMatchObject({ id, status: 200, atomic: true })

    const shown: unknown[] = []
    const showing = bed.createProvider({ showCallsStatus: (each) => void shown.push(each) })
    await bed.testbed.signIn(showing.config, bed.nextEmail('show'))
    expect(await showing.provider.request({ method: 'wallet_showCallsStatus', params: [id] })).toBeNull()
    expect(shown).toEqual([expect.objectContaining({ id, status: 200 })])
  })

  test('behavior: an app id is kept; the same id, even sent at the same time, is 5720 and never sent (one sponsored operation); an optional unknown capability is ignored', async () => {
    const { provider, account } = signedIn
    const sponsored = async () =>
      (
        await bed.testbed.server.app.sigil.store.db
          .selectFrom('sponsor_operations')
          .selectAll()
          .where('policy_id', '=', bed.testbed.policy.id)
          .execute()
      ).length
    const before = await sponsored()
    const request = {
      version: '2.0.0',
      id: 'order-42',
      chainId: '0x7a69',
      from: account,
      atomicRequired: true,
      calls: [{ to: dead, value: '0x0' }],
      capabilities: { auxiliaryFunds: { optional: true } },
    }
    const send = () => provider.request({ method: 'wallet_sendCalls', params: [request] })
    const both = await Promise.allSettled([send(), send()])
    expect(both.filter((each) => each.status === 'fulfilled').map((each) => each.value)).toEqual([
      { id: 'order-42' },
    ])
    expect(both.filter((each) => each.status === 'rejected').map((each) => each.reason.code)).toEqual([5720])
    await vi.waitFor(
      async () =>
        expect(
          await provider.request({ method: 'wallet_getCallsStatus', params: ['order-42'] }),
        ).toMatchObject({
          status: 200,
        }),
      { timeout: 60_000, interval: 100 },
    )
    await expect(send()).rejects.toMatchObject({ code: 5720 })
    expect(await sponsored()).toBe(before + 1)
  })

  test('error: 5700 unsupported capability, 5710 another chain, 5740 over 100 calls, -32602 v1 format, 5730 unknown id, 4200 showCallsStatus without a hook, 4100 another address', async () => {
    const { provider, account } = signedIn
    const base = {
      version: '2.0.0',
      chainId: '0x7a69',
      from: account,
      atomicRequired: true,
      calls: [{ to: dead }],
    }
    const send = (request: object) => provider.request({ method: 'wallet_sendCalls', params: [request] })
    await expect(send({ ...base, capabilities: { auxiliaryFunds: {} } })).rejects.toMatchObject({
      code: 5700,
    })
    await expect(
      send({ ...base, calls: [{ to: dead, capabilities: { flowControl: {} } }] }),
    ).rejects.toMatchObject({ code: 5700 })
    await expect(send({ ...base, chainId: '0x7a6a' })).rejects.toMatchObject({ code: 5710 })
    await expect(send({ ...base, chainId: '0x1' })).rejects.toMatchObject({ code: 5710 })
    await expect(
      send({ ...base, calls: Array.from({ length: 101 }, () => ({ to: dead })) }),
    ).rejects.toMatchObject({ code: 5740 })
    await expect(send({ ...base, version: '1.0' })).rejects.toMatchObject({ code: -32602 })
    await expect(send({ ...base, from: dead })).rejects.toMatchObject({ code: 4100 })
    await expect(
      provider.request({ method: 'wallet_getCallsStatus', params: ['nope'] }),
    ).rejects.toMatchObject({ code: 5730 })
    await expect(
      provider.request({ method: 'wallet_getCallsStatus', params: [`0x${'11'.repeat(32)}`] }),
    ).rejects.toMatchObject({ code: 5730 })
    await expect(
      provider.request({ method: 'wallet_showCallsStatus', params: ['nope'] }),
    ).rejects.toMatchObject({ code: 4200 })
    await expect(
      provider.request({ method: 'wallet_getCapabilities', params: [dead] }),
    ).rejects.toMatchObject({ code: 4100 })
  })
})

describe('read-only methods and unsupported methods', () => {
  test('default: eth_blockNumber, eth_getBalance, eth_call answer what the node answers', async () => {
    const { provider } = signedIn
    const block = BigInt((await provider.request({ method: 'eth_blockNumber' })) as Hex)
    expect(block).toBeGreaterThan(0n)
    expect(block).toBeLessThanOrEqual(await bed.node.getBlockNumber())
    expect(await provider.request({ method: 'eth_getBalance', params: [dead, 'latest'] })).toBe(
      `0x${(await bed.node.getBalance({ address: dead })).toString(16)}`,
    )
    expect(await provider.request({ method: 'eth_call', params: [{ to: dead, data: '0x' }, 'latest'] })).toBe(
      '0x',
    )
  })

  test('error: eth_sign, eth_signTransaction, an unknown wallet_ method are 4200; a method the gateway refuses keeps its JSON-RPC code', async () => {
    const { provider, account } = signedIn
    for (const method of ['eth_sign', 'eth_signTransaction', 'wallet_requestPermissions', 'foo'])
      await expect(provider.request({ method, params: [account, '0x68'] })).rejects.toMatchObject({
        code: 4200,
      })
    await expect(provider.request({ method: 'eth_coinbaseX', params: [] })).rejects.toMatchObject({
      code: -32601,
    })
  })
})
