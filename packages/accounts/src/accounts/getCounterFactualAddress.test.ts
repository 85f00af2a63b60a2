import { readArtifact, type StartTestChainReturnType, startTestChain } from '@sigil/devnet'
import { type Address, createPublicClient, encodeFunctionData, http } from 'viem'
import { entryPoint06Address, entryPoint07Address } from 'viem/account-abstraction'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { owner } from '../test/owners.js'
import { getCounterFactualAddress } from './getCounterFactualAddress.js'

// A real factory on a real anvil: eth-infinitism's SimpleAccountFactory (v0.6 and v0.7), whose
// getAddress(owner, salt) is the independent answer to compare with.
let chain: StartTestChainReturnType
const factories: Partial<Record<'0.6' | '0.7', Address>> = {}

beforeAll(async () => {
  chain = await startTestChain()
  for (const [version, packageName, entryPoint] of [
    ['0.6', 'aa-contracts-06', entryPoint06Address],
    ['0.7', 'aa-contracts-07', entryPoint07Address],
  ] as const) {
    const { abi, bytecode } = readArtifact(packageName, 'SimpleAccountFactory')
    const hash = await chain.client.deployContract({ abi, bytecode, args: [entryPoint] })
    const receipt = await chain.client.waitForTransactionReceipt({ hash })
    factories[version] = receipt.contractAddress ?? undefined
  }
})

afterAll(async () => {
  await chain?.stop()
})

const simpleAccountFactoryAbi = [
  {
    type: 'function',
    name: 'createAccount',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'salt', type: 'uint256' },
    ],
    outputs: [{ type: 'address' }],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    name: 'getAddress',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'salt', type: 'uint256' },
    ],
    outputs: [{ type: 'address' }],
    stateMutability: 'view',
  },
] as const

test('default: the SenderAddressResult of EntryPoint.getSenderAddress on v0.6 and v0.7', async () => {
  const client = createPublicClient({ chain: sigilDevnet, transport: http(chain.rpcUrl) })
  for (const [version, entryPointAddress] of [
    ['0.6', entryPoint06Address],
    ['0.7', entryPoint07Address],
  ] as const) {
    const factory = factories[version] as Address
    const address = await getCounterFactualAddress(client, {
      entryPointAddress,
      factory,
      factoryData: encodeFunctionData({
        abi: simpleAccountFactoryAbi,
        functionName: 'createAccount',
        args: [owner.address, 3n],
      }),
    })
    const expected = await client.readContract({
      address: factory,
      abi: simpleAccountFactoryAbi,
      functionName: 'getAddress',
      args: [owner.address, 3n],
    })
    expect(address).toBe(expected)
  }
})

test('error: getCounterFactualAddress failed for a factory that is not on the chain', async () => {
  const client = createPublicClient({ chain: sigilDevnet, transport: http(chain.rpcUrl) })
  await expect(
    getCounterFactualAddress(client, {
      entryPointAddress: entryPoint07Address,
      factory: '0x000000000000000000000000000000000000f00d',
      factoryData: '0x12345678',
    }),
  ).rejects.toMatchObject({
    name: 'GetCounterFactualAddressError',
    shortMessage: 'getCounterFactualAddress failed',
  })
})
