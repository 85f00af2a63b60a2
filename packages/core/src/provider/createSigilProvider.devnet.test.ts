// @sigil-test own-process
import { BrowserProvider } from 'ethers'
import type { Address, Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { disconnect } from '../actions/disconnect.js'
import { getSmartAccountClient } from '../actions/getSmartAccountClient.js'
import { createProviderTestbed, type ProviderUnderTest } from '../test/createProviderTestbed.js'
import { otherChain } from '../test/otherChain.js'
import { createSigilProvider } from './createSigilProvider.js'

/**
 * docs/provider.md, line by line, against the real server and the devnet with the provider acting as the
 * signed-in user's smart account (the default): viem's `custom(provider)` wallet client and ethers'
 * `BrowserProvider` sign and send through it, signatures verify on chain (EIP-6492 before deployment,
 * ERC-1271 after), sends are sponsored by the app's policy (the account's balance stays 0), and
 * each refusal carries its EIP-1193 code. ERC-5792 is in createSigilProvider.erc5792.devnet.test.ts.
 */

let bed: Awaited<ReturnType<typeof createProviderTestbed>>
let signedIn: ProviderUnderTest & { account: Address }
beforeAll(async () => {
  bed = await createProviderTestbed()
  signedIn = await bed.signedInProvider('smart')
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
const wallet = () => bed.walletClient(signedIn.provider)

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

  test('behavior: a provider made while a user is signed in emits connect once the account is known, and only that', async () => {
    const { config, account } = signedIn
    const provider = createSigilProvider(config, { smartAccount: { pollingInterval: 50 } })
    const events: [string, unknown][] = []
    for (const name of ['connect', 'disconnect', 'accountsChanged', 'chainChanged'] as const)
      provider.on(name, (value: unknown) => events.push([name, value]))
    await vi.waitFor(() => expect(events).toEqual([['connect', { chainId: '0x7a69' }]]), { timeout: 30_000 })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([account])
    provider.destroy()
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
