// @sigil-test own-process
import { getChain, getUser, setChain, sigilDevnet, disconnect as signOut } from '@sigil/core'
import {
  type Config,
  connect,
  createConfig,
  createStorage,
  disconnect,
  getConnections,
  getConnectorClient,
  mock,
  reconnect,
  sendCalls,
  sendTransaction,
  signMessage,
  signTypedData,
  switchChain,
  waitForCallsStatus,
} from '@wagmi/core'
import { type Address, getAddress, http, parseEther, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProviderTestbed } from '../../core/src/test/createProviderTestbed.js'
import { otherChain } from '../../core/src/test/otherChain.js'
import { sigil } from './sigil.js'

/**
 * The sigil() connector in a wagmi app that also has a mock connector, against the real server and the
 * devnet: wagmi's core actions run through Sigil's EIP-1193 provider (docs/provider.md), signatures verify on
 * chain, sends are sponsored by the app's policy (the account holds no ETH), and the mock connector's
 * connection is never touched.
 */

let bed: Awaited<ReturnType<typeof createProviderTestbed>>
let sigilConfig: ReturnType<typeof bed.createSigilConfig>
let wagmi: Config
let account: Address
const mockAccount = getAddress('0x00000000000000000000000000000000000b0b00')
const dead = '0x000000000000000000000000000000000000dEaD' as const

const wagmiConfigOver = (config: typeof sigilConfig, openSignIn?: () => void) =>
  createConfig({
    chains: [sigilDevnet, otherChain],
    connectors: [
      sigil({ config, openSignIn, smartAccount: { pollingInterval: 50 } }),
      mock({ accounts: [mockAccount] }),
    ],
    transports: { [sigilDevnet.id]: http(bed.testbed.devnet.rpcUrl), [otherChain.id]: http() },
    storage: createStorage({ storage: memoryStorage() }),
    multiInjectedProviderDiscovery: false,
  })
const memoryStorage = () => {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}
const connectorOf = (config: Config, id: string) => config.connectors.find((each) => each.id === id)!
const connectionOf = (config: Config, id: string) =>
  getConnections(config).find((each) => each.connector.id === id)

beforeAll(async () => {
  bed = await createProviderTestbed()
  sigilConfig = bed.createSigilConfig()
  const email = bed.nextEmail('wagmi')
  wagmi = wagmiConfigOver(sigilConfig, () => void bed.testbed.signIn(sigilConfig, email))
  await connect(wagmi, { connector: connectorOf(wagmi, 'mock') })
  const { accounts } = await connect(wagmi, { connector: connectorOf(wagmi, 'sigil') })
  account = accounts[0]
}, 180_000)
afterAll(() => bed?.cleanup())

describe('sigil() in a wagmi config beside a mock connector', () => {
  test('default: connect signs in through openSignIn; both connections are kept, Sigil is current', async () => {
    const connector = connectorOf(wagmi, 'sigil')
    expect([connector.id, connector.name, connector.type, connector.rdns]).toEqual([
      'sigil',
      'Sigil',
      'sigil',
      'org.sigil',
    ])
    expect(connector.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(getUser(sigilConfig)).toBeDefined()
    expect(account).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(account).not.toBe(getUser(sigilConfig)!.address) // the smart account, not the owner key
    expect(connectionOf(wagmi, 'sigil')).toMatchObject({ accounts: [account], chainId: sigilDevnet.id })
    expect(connectionOf(wagmi, 'mock')).toMatchObject({ accounts: [mockAccount], chainId: sigilDevnet.id })
    expect(wagmi.state.current).toBe(connectorOf(wagmi, 'sigil').uid)
  })

  test('behavior: signMessage verifies on chain (EIP-6492 / ERC-1271) with viem verifyMessage', async () => {
    const signature = await signMessage(wagmi, { message: 'hello from wagmi' })
    expect(await bed.node.verifyMessage({ address: account, message: 'hello from wagmi', signature })).toBe(
      true,
    )
    expect(await bed.node.verifyMessage({ address: account, message: 'other', signature })).toBe(false)
  })

  test('behavior: signTypedData verifies on chain with viem verifyTypedData', async () => {
    const typedData = {
      domain: { name: 'Ether Mail', version: '1', chainId: sigilDevnet.id },
      types: {
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
      },
      primaryType: 'Person',
      message: { name: 'Bob', wallet: dead },
    } as const
    const signature = await signTypedData(wagmi, typedData)
    expect(await bed.node.verifyTypedData({ address: account, signature, ...typedData })).toBe(true)
  })

  test('behavior: sendTransaction is a sponsored user operation: receipt success, the account holds no ETH', async () => {
    const hash = await sendTransaction(wagmi, { to: dead, data: '0x1234' })
    const receipt = await bed.node.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await bed.node.getBalance({ address: account })).toBe(0n)
    expect(await bed.node.getCode({ address: account })).toMatch(/^0x[0-9a-f]{2,}/) // deployed by the operation
  })

  test('behavior: sendCalls (atomic, sponsored) then waitForCallsStatus is success with a receipt', async () => {
    const { id } = await sendCalls(wagmi, {
      calls: [
        { to: dead, data: '0x01' },
        { to: zeroAddress, data: '0x02' },
      ],
    })
    const status = await waitForCallsStatus(wagmi, { id, pollingInterval: 100, timeout: 60_000 })
    expect(status).toMatchObject({ status: 'success', atomic: true, chainId: sigilDevnet.id })
    expect(status.receipts).toHaveLength(1)
    expect(status.receipts![0]!.status).toBe('success')
    expect(await bed.node.getBalance({ address: account })).toBe(0n)
  })

  test('behavior: switchChain moves Sigil (and its core config) to the other chain and back; the mock stays', async () => {
    const before = connectionOf(wagmi, 'mock')
    expect((await switchChain(wagmi, { chainId: otherChain.id })).id).toBe(otherChain.id)
    expect(connectionOf(wagmi, 'sigil')?.chainId).toBe(otherChain.id)
    expect(await connectorOf(wagmi, 'sigil').getChainId()).toBe(otherChain.id)
    expect(getChain(sigilConfig).id).toBe(otherChain.id)
    expect(connectionOf(wagmi, 'mock')).toEqual(before)
    await switchChain(wagmi, { chainId: sigilDevnet.id })
    expect(connectionOf(wagmi, 'sigil')?.chainId).toBe(sigilDevnet.id)
    expect(getChain(sigilConfig).id).toBe(sigilDevnet.id)
  })

  test('behavior: a chain change made through Sigil core (setChain) reaches wagmi through the provider event', async () => {
    const before = connectionOf(wagmi, 'mock')
    setChain(sigilConfig, otherChain)
    await expect.poll(() => connectionOf(wagmi, 'sigil')?.chainId).toBe(otherChain.id)
    setChain(sigilConfig, sigilDevnet)
    await expect.poll(() => connectionOf(wagmi, 'sigil')?.chainId).toBe(sigilDevnet.id)
    expect(connectionOf(wagmi, 'mock')).toEqual(before)
  })

  test('error: switchChain to a chain the wagmi config does not have is refused; nothing moves', async () => {
    await expect(connectorOf(wagmi, 'sigil').switchChain!({ chainId: 1 })).rejects.toThrow(
      /Chain not configured/,
    )
    expect(connectionOf(wagmi, 'sigil')?.chainId).toBe(sigilDevnet.id)
  })

  test('error: sendTransaction with value from the sponsored account that holds no ETH is refused', async () => {
    await expect(sendTransaction(wagmi, { to: dead, value: parseEther('1') })).rejects.toThrow()
    expect(await bed.node.getBalance({ address: account })).toBe(0n)
  })

  test('behavior: reconnect in a fresh wagmi config over the still signed-in Sigil config finds the account', async () => {
    const fresh = wagmiConfigOver(sigilConfig)
    const connections = await reconnect(fresh)
    expect(connections.map((each) => [each.connector.id, each.accounts])).toEqual([['sigil', [account]]])
    expect(connectionOf(fresh, 'sigil')).toMatchObject({ accounts: [account], chainId: sigilDevnet.id })
    const client = await getConnectorClient(fresh)
    expect(client.account.address).toBe(account)
  })

  test('behavior: disconnect signs the user out and removes only the Sigil connection', async () => {
    const before = connectionOf(wagmi, 'mock')
    await disconnect(wagmi, { connector: connectorOf(wagmi, 'sigil') })
    expect(getUser(sigilConfig)).toBeUndefined()
    expect(connectionOf(wagmi, 'sigil')).toBeUndefined()
    expect(connectionOf(wagmi, 'mock')).toEqual(before)
    expect(await connectorOf(wagmi, 'sigil').isAuthorized()).toBe(false)
  })

  test('behavior: a sign-out made through Sigil core removes the Sigil connection from wagmi, not the mock', async () => {
    const config = bed.createSigilConfig()
    const email = bed.nextEmail('signout')
    const other = wagmiConfigOver(config, () => void bed.testbed.signIn(config, email))
    await connect(other, { connector: connectorOf(other, 'mock') })
    await connect(other, { connector: connectorOf(other, 'sigil') })
    const before = connectionOf(other, 'mock')
    expect(connectionOf(other, 'sigil')?.accounts).toHaveLength(1)
    await signOut(config)
    await expect.poll(() => connectionOf(other, 'sigil')).toBeUndefined()
    expect(connectionOf(other, 'mock')).toEqual(before)
    expect(getConnections(other)).toHaveLength(1)
  })

  test('behavior: a sign-in made through Sigil core (not wagmi) connects wagmi; the mock stays', async () => {
    const config = bed.createSigilConfig()
    const other = wagmiConfigOver(config)
    await connect(other, { connector: connectorOf(other, 'mock') })
    const before = connectionOf(other, 'mock')
    await bed.testbed.signIn(config, bed.nextEmail('core-signin'))
    await expect.poll(() => connectionOf(other, 'sigil')?.accounts.length, { timeout: 20_000 }).toBe(1)
    expect(connectionOf(other, 'sigil')?.chainId).toBe(sigilDevnet.id)
    expect(connectionOf(other, 'mock')).toEqual(before)
  })

  test('behavior: a wagmi config made while a user is signed in in Sigil connects Sigil on its own (no reconnect)', async () => {
    const config = bed.createSigilConfig()
    await bed.testbed.signIn(config, bed.nextEmail('already'))
    const other = wagmiConfigOver(config)
    await expect.poll(() => connectionOf(other, 'sigil')?.accounts.length, { timeout: 20_000 }).toBe(1)
    expect(connectionOf(other, 'sigil')?.chainId).toBe(sigilDevnet.id)
    expect(getConnections(other).map((each) => each.connector.id)).toEqual(['sigil'])
  })

  test('behavior: connect withCapabilities answers each account with its capabilities; wagmi keeps addresses', async () => {
    const config = bed.createSigilConfig()
    const email = bed.nextEmail('capabilities')
    const other = wagmiConfigOver(config, () => void bed.testbed.signIn(config, email))
    const connector = connectorOf(other, 'sigil')
    const answer = await connect(other, { connector, withCapabilities: true })
    const address = (await connector.getAccounts())[0]!
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(answer).toEqual({ accounts: [{ address, capabilities: {} }], chainId: sigilDevnet.id })
    expect(connectionOf(other, 'sigil')).toMatchObject({ accounts: [address], chainId: sigilDevnet.id })
    const again = await connector.connect({ withCapabilities: false })
    expect(again).toEqual({ accounts: [address], chainId: sigilDevnet.id })
  })

  test('error: connect while signed out without openSignIn is 4100; no Sigil connection is added', async () => {
    const signedOut = wagmiConfigOver(bed.createSigilConfig())
    await expect(connect(signedOut, { connector: connectorOf(signedOut, 'sigil') })).rejects.toMatchObject({
      code: 4100,
    })
    expect(getConnections(signedOut)).toEqual([])
    expect(await reconnect(signedOut)).toEqual([])
  })
})
