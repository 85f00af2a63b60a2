import { createDevnetClient, type Devnet, type DevnetClient, startDevnet } from '@sigil/devnet'
import {
  type Address,
  createPublicClient,
  type Hex,
  hashMessage,
  hashTypedData,
  isAddressEqual,
  type LocalAccount,
  type PublicClient,
  parseAbi,
  parseEther,
} from 'viem'
import type { SmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { createSmartAccountClient, type SmartAccountClient } from '../client/createSmartAccountClient.js'
import { defaultAddresses } from '../constants/defaultAddresses.js'
import { createDevnetTransport } from '../test/createDevnetTransport.js'
import { toLightAccount } from './toLightAccount.js'
import { toModularAccountV2 } from './toModularAccountV2.js'
import { toMultiOwnerLightAccount } from './toMultiOwnerLightAccount.js'
import { toMultiOwnerModularAccount } from './toMultiOwnerModularAccount.js'

/**
 * Every account type on the real devnet (anvil + EntryPoints + Sigil's account contracts + alto), the
 * owner a viem local account, unsponsored (the account pays), the client's own fee estimator and
 * retry/receipt waits; the node and bundler reached the way the gateway routes them
 * (`createDevnetTransport`). The sponsored runs through the Sigil server are in `test/devnet/`: the counterfactual address is where the
 * first user operation deploys, batches run, and signatures verify on chain (EIP-6492 before
 * deployment, `isValidSignature` after).
 */

type Create = (client: PublicClient, owner: LocalAccount) => Promise<SmartAccount>
const accountTypes: { name: string; create: Create; is7702?: boolean }[] = [
  {
    name: 'LightAccount v1.1.0',
    create: (client, owner) => toLightAccount({ client, owner, version: 'v1.1.0' }),
  },
  { name: 'LightAccount v2.0.0', create: (client, owner) => toLightAccount({ client, owner }) },
  { name: 'MultiOwnerLightAccount', create: (client, owner) => toMultiOwnerLightAccount({ client, owner }) },
  {
    name: 'MultiOwnerModularAccount',
    create: (client, owner) => toMultiOwnerModularAccount({ client, owner }),
  },
  { name: 'ModularAccountV2', create: (client, owner) => toModularAccountV2({ client, owner }) },
  {
    name: 'ModularAccountV2 (7702)',
    create: (client, owner) => toModularAccountV2({ client, owner, mode: '7702' }),
    is7702: true,
  },
]

const mail = {
  domain: { name: 'Ether Mail', version: '1', chainId: 31337 },
  types: { Person: [{ name: 'name', type: 'string' }] },
  primaryType: 'Person',
  message: { name: 'Bob' },
} as const
const isValidSignatureAbi = parseAbi(['function isValidSignature(bytes32, bytes) view returns (bytes4)'])

let devnet: Devnet
let devnetClient: DevnetClient
let publicClient: PublicClient

beforeAll(async () => {
  devnet = await startDevnet()
  devnetClient = createDevnetClient(devnet.rpcUrl)
  publicClient = createPublicClient({
    chain: sigilDevnet,
    transport: createDevnetTransport(devnet),
    pollingInterval: 50,
  }) as PublicClient
}, 60_000)

afterAll(async () => {
  await devnet?.stop()
})

function clientFor(account: SmartAccount): SmartAccountClient {
  return createSmartAccountClient({
    account,
    chain: sigilDevnet,
    transport: createDevnetTransport(devnet),
    pollingInterval: 50,
    opts: { txRetryIntervalMs: 100, txRetryMultiplier: 1, txMaxRetries: 50 },
    // alto 0.0.20's estimates leave no headroom for the stand-ins (measured: callGasLimit 30 971 for a
    // MultiOwnerLightAccount updateOwners that needs about 40 000, out of gas; verificationGasLimit 40 262
    // for a ModularAccountV2 operation that then fails with AA26 over verificationGasLimit), so the tests
    // scale both estimates through the client's gas options.
    feeOptions: { callGasLimit: { multiplier: 1.5 }, verificationGasLimit: { multiplier: 1.5 } },
  })
}

const newTarget = () => privateKeyToAccount(generatePrivateKey()).address

const isValidSignature = (address: Address, hash: Hex, signature: Hex) =>
  publicClient.readContract({
    address,
    abi: isValidSignatureAbi,
    functionName: 'isValidSignature',
    args: [hash, signature],
  })

describe.each(accountTypes)('$name on the devnet', ({ create, is7702 }) => {
  const owner = privateKeyToAccount(generatePrivateKey())
  let account: SmartAccount
  let client: SmartAccountClient

  test('default: the first user operation deploys the account at its counterfactual address', async () => {
    account = await create(publicClient, owner)
    client = clientFor(account)
    if (is7702) expect(account.address).toBe(owner.address)
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined()
    await devnetClient.setBalance({ address: account.address, value: parseEther('1') })
    const target = newTarget()
    const transactionHash = await client.sendTransaction({ to: target, value: 7n })
    const receipt = await publicClient.getTransactionReceipt({ hash: transactionHash })
    expect(receipt.status).toBe('success')
    expect(await publicClient.getBalance({ address: target })).toBe(7n)
    const code = await publicClient.getCode({ address: account.address })
    if (is7702)
      expect(code?.toLowerCase()).toBe(
        `0xef0100${defaultAddresses.modularAccountV2.semiModularAccount7702.slice(2)}`.toLowerCase(),
      )
    else expect(code).toMatch(/^0x[0-9a-f]{2,}$/)
  }, 60_000)

  test('behavior: a batch of calls in one user operation', async () => {
    const [first, second] = [newTarget(), newTarget()]
    const { id } = await client.sendCalls({
      calls: [
        { to: first, value: 1n },
        { to: second, value: 2n },
      ],
    })
    const receipt = await client.waitForUserOperationReceipt({
      hash: id,
      pollingInterval: 50,
      timeout: 30_000,
    })
    expect(receipt.success).toBe(true)
    expect(isAddressEqual(receipt.sender, account.address)).toBe(true)
    expect([
      await publicClient.getBalance({ address: first }),
      await publicClient.getBalance({ address: second }),
    ]).toEqual([1n, 2n])
  }, 60_000)

  test('behavior: signMessage and signTypedData verified by isValidSignature once deployed', async () => {
    const messageSignature = await client.signMessage({ message: 'hello' })
    expect(await isValidSignature(account.address, hashMessage('hello'), messageSignature)).toBe('0x1626ba7e')
    const typedSignature = await client.signTypedData(mail)
    expect(await isValidSignature(account.address, hashTypedData(mail), typedSignature)).toBe('0x1626ba7e')
    expect(
      await publicClient.verifyMessage({
        address: account.address,
        message: 'hello',
        signature: messageSignature,
      }),
    ).toBe(true)
    const wrong = await clientFor(
      await create(publicClient, privateKeyToAccount(generatePrivateKey())),
    ).signMessage({
      message: 'hello',
    })
    expect(await isValidSignature(account.address, hashMessage('hello'), wrong).catch(() => '0x')).not.toBe(
      '0x1626ba7e',
    )
  }, 60_000)
})

// A 7702 account is the owner's EOA: it has no factory, so nothing to wrap in EIP-6492.
describe.each(accountTypes.filter(({ is7702 }) => !is7702))('$name before deployment', ({ create }) => {
  test('behavior: before deployment, EIP-6492 signatures verify through the universal validator', async () => {
    const fresh = await create(publicClient, privateKeyToAccount(generatePrivateKey()))
    const freshClient = clientFor(fresh)
    const messageSignature = await freshClient.signMessage({ message: 'hello' })
    expect(messageSignature.endsWith('6492'.repeat(16))).toBe(true)
    expect(
      await publicClient.verifyMessage({
        address: fresh.address,
        message: 'hello',
        signature: messageSignature,
      }),
    ).toBe(true)
    const typedSignature = await freshClient.signTypedData(mail)
    expect(
      await publicClient.verifyTypedData({ address: fresh.address, ...mail, signature: typedSignature }),
    ).toBe(true)
    expect(await publicClient.getCode({ address: fresh.address })).toBeUndefined()
  }, 60_000)
})

describe('multi-owner accounts on the devnet', () => {
  const ownersAbi = parseAbi([
    'function owners() view returns (address[])',
    'function ownersOf(address) view returns (address[])',
  ])

  test.each([
    { name: 'MultiOwnerLightAccount', create: toMultiOwnerLightAccount },
    { name: 'MultiOwnerModularAccount', create: toMultiOwnerModularAccount },
  ])(
    'behavior: $name adds an owner through updateOwners, and the new owner signs operations and messages',
    async ({ name, create }) => {
      const [first, second] = [
        privateKeyToAccount(generatePrivateKey()),
        privateKeyToAccount(generatePrivateKey()),
      ]
      const account = await create({ client: publicClient, owner: first })
      await devnetClient.setBalance({ address: account.address, value: parseEther('1') })
      const client = clientFor(account)
      await client.sendTransaction({ to: newTarget(), value: 1n }) // deploys the account
      const { id } = await client.sendCalls({
        calls: [{ to: account.address, data: account.encodeUpdateOwners([second.address], []) }],
      })
      const updated = await client.waitForUserOperationReceipt({
        hash: id,
        pollingInterval: 50,
        timeout: 30_000,
      })
      expect(updated.success).toBe(true)
      const owners =
        name === 'MultiOwnerLightAccount'
          ? await publicClient.readContract({
              address: account.address,
              abi: ownersAbi,
              functionName: 'owners',
            })
          : await publicClient.readContract({
              address: defaultAddresses.multiOwnerModularAccount.multiOwnerPlugin,
              abi: ownersAbi,
              functionName: 'ownersOf',
              args: [account.address],
            })
      expect(new Set(owners)).toEqual(new Set([first.address, second.address]))

      const asSecond = await create({ client: publicClient, owner: second, accountAddress: account.address })
      const target = newTarget()
      await clientFor(asSecond).sendTransaction({ to: target, value: 3n })
      expect(await publicClient.getBalance({ address: target })).toBe(3n)
      const signature = await clientFor(asSecond).signMessage({ message: 'from the second owner' })
      expect(await isValidSignature(account.address, hashMessage('from the second owner'), signature)).toBe(
        '0x1626ba7e',
      )
    },
    60_000,
  )
})
