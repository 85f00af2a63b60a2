import { readArtifact } from '@sigil/devnet'
import type { EntryPointVersion } from '@sigil/protocol'
import { type Address, encodeFunctionData, type Hex, type LocalAccount, type PublicClient } from 'viem'
import {
  entryPoint06Abi,
  entryPoint06Address,
  entryPoint07Abi,
  entryPoint07Address,
  entryPoint08Abi,
  entryPoint08Address,
  getUserOperationHash,
  toSmartAccount,
} from 'viem/account-abstraction'
import { readContract } from 'viem/actions'

/** eth-infinitism artifacts per EntryPoint version. */
export const simpleAccountPackages = {
  '0.6': 'aa-contracts-06',
  '0.7': 'aa-contracts-07',
  '0.8': '@account-abstraction/contracts',
} as const

export const entryPoints = {
  '0.6': { abi: entryPoint06Abi, address: entryPoint06Address, version: '0.6' },
  '0.7': { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' },
  '0.8': { abi: entryPoint08Abi, address: entryPoint08Address, version: '0.8' },
} as const

/** Dummy user-op signature for estimation (`D` in docs/account-kit.md#smart-accounts). */
const stubSignature: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/**
 * Gateway tests: an eth-infinitism `SimpleAccount` (0.6 / 0.7 / 0.8) as a viem smart account owned by a
 * local account (v0.6/v0.7 recover over the EIP-191 hash of the user operation hash, v0.8 over the raw hash).
 *
 * @example
 * const account = await toSimpleTestAccount({ client, owner, version: '0.7', factory })
 */
export async function toSimpleTestAccount({
  client,
  owner,
  version,
  factory,
}: {
  client: PublicClient
  owner: LocalAccount
  version: EntryPointVersion
  factory: Address
}) {
  const factoryAbi = readArtifact(simpleAccountPackages[version], 'SimpleAccountFactory').abi
  const accountAbi = readArtifact(simpleAccountPackages[version], 'SimpleAccount').abi
  const address = (await readContract(client, {
    address: factory,
    abi: factoryAbi,
    functionName: 'getAddress',
    args: [owner.address, 0n],
  })) as Address
  const entryPoint = entryPoints[version]
  return toSmartAccount({
    client,
    entryPoint,
    getAddress: async () => address,
    getFactoryArgs: async () => ({
      factory,
      factoryData: encodeFunctionData({
        abi: factoryAbi,
        functionName: 'createAccount',
        args: [owner.address, 0n],
      }),
    }),
    async encodeCalls(calls) {
      const [{ to, value = 0n, data = '0x' }] = calls as [{ to: Address; value?: bigint; data?: Hex }]
      return encodeFunctionData({ abi: accountAbi, functionName: 'execute', args: [to, value, data] })
    },
    getStubSignature: async () => stubSignature,
    async signMessage() {
      throw new Error('not used')
    },
    async signTypedData() {
      throw new Error('not used')
    },
    async signUserOperation(userOperation) {
      const hash = getUserOperationHash({
        userOperation: { ...userOperation, sender: address } as never,
        entryPointAddress: entryPoint.address,
        entryPointVersion: version,
        chainId: userOperation.chainId ?? 31337,
      })
      if (version === '0.8') return owner.sign!({ hash })
      return owner.signMessage({ message: { raw: hash } })
    },
  })
}

/**
 * Deploys the eth-infinitism `SimpleAccountFactory` of each EntryPoint version (it deploys its own
 * account implementation) and returns their addresses.
 *
 * @example
 * const factories = await deploySimpleAccountFactories(devnetClient)
 */
export async function deploySimpleAccountFactories(client: {
  deployContract(parameters: { abi: readonly unknown[]; bytecode: Hex; args: unknown[] }): Promise<Hex>
  waitForTransactionReceipt(parameters: {
    hash: Hex
  }): Promise<{ contractAddress?: Address | null | undefined }>
}): Promise<Record<EntryPointVersion, Address>> {
  const deploy = async (version: EntryPointVersion) => {
    const { abi, bytecode } = readArtifact(simpleAccountPackages[version], 'SimpleAccountFactory')
    const hash = await client.deployContract({ abi, bytecode, args: [entryPoints[version].address] })
    const { contractAddress } = await client.waitForTransactionReceipt({ hash })
    if (!contractAddress) throw new Error(`SimpleAccountFactory ${version} was not deployed`)
    return contractAddress
  }
  // One sender: deploy one after the other (nonces).
  return { '0.6': await deploy('0.6'), '0.7': await deploy('0.7'), '0.8': await deploy('0.8') }
}
