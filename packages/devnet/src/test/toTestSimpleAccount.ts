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
  type SmartAccount,
  toSmartAccount,
} from 'viem/account-abstraction'
import { readContract } from 'viem/actions'
import { type ArtifactPackage, readArtifact } from '../deploy/readArtifact.js'
import { dummySignature } from './createTestPaymaster.js'

export type ToTestSimpleAccountParameters = {
  client: PublicClient
  owner: LocalAccount
  entryPointVersion: EntryPointVersion
  /** An eth-infinitism `SimpleAccountFactory` of the same account-abstraction version. */
  factory: Address
  salt?: bigint | undefined
}

/** Where the eth-infinitism artifacts of each EntryPoint version come from. */
export const simpleAccountPackages = {
  '0.6': 'aa-contracts-06',
  '0.7': 'aa-contracts-07',
  '0.8': '@account-abstraction/contracts',
} as const satisfies Record<EntryPointVersion, ArtifactPackage>

const entryPoints = {
  '0.6': { abi: entryPoint06Abi, address: entryPoint06Address, version: '0.6' },
  '0.7': { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' },
  '0.8': { abi: entryPoint08Abi, address: entryPoint08Address, version: '0.8' },
} as const

/**
 * For tests: an eth-infinitism `SimpleAccount` (account-abstraction 0.6 / 0.7 / 0.8) as a viem smart account,
 * signed by a local account — a neutral account to drive the devnet's bundler and paymasters with. v0.6 and v0.7
 * recover over the EIP-191 hash of the user operation hash, v0.8 over the raw hash.
 *
 * @example
 * const account = await toTestSimpleAccount({ client, owner, entryPointVersion: '0.7', factory })
 */
export async function toTestSimpleAccount(parameters: ToTestSimpleAccountParameters): Promise<SmartAccount> {
  const { client, owner, entryPointVersion, factory, salt = 0n } = parameters
  const entryPoint = entryPoints[entryPointVersion]
  const factoryAbi = readArtifact(simpleAccountPackages[entryPointVersion], 'SimpleAccountFactory').abi
  const accountAbi = readArtifact(simpleAccountPackages[entryPointVersion], 'SimpleAccount').abi
  const address = (await readContract(client, {
    address: factory,
    abi: factoryAbi,
    functionName: 'getAddress',
    args: [owner.address, salt],
  })) as Address
  return toSmartAccount({
    client,
    entryPoint,
    async getAddress() {
      return address
    },
    async getFactoryArgs() {
      const factoryData = encodeFunctionData({
        abi: factoryAbi,
        functionName: 'createAccount',
        args: [owner.address, salt],
      })
      return { factory, factoryData }
    },
    async encodeCalls(calls) {
      if (calls.length !== 1) throw new Error('the test SimpleAccount sends one call per operation')
      const [{ to, value = 0n, data = '0x' }] = calls as [{ to: Address; value?: bigint; data?: Hex }]
      return encodeFunctionData({ abi: accountAbi, functionName: 'execute', args: [to, value, data] })
    },
    async getStubSignature() {
      return dummySignature
    },
    async signMessage() {
      throw new Error('the test SimpleAccount signs user operations only')
    },
    async signTypedData() {
      throw new Error('the test SimpleAccount signs user operations only')
    },
    async signUserOperation(userOperation) {
      const chainId = userOperation.chainId ?? client.chain?.id ?? 31337
      const hash = getUserOperationHash({
        userOperation: { ...userOperation, sender: address } as never,
        entryPointAddress: entryPoint.address,
        entryPointVersion,
        chainId,
      })
      if (entryPointVersion === '0.8') {
        if (!owner.sign) throw new Error('the owner must sign raw hashes for v0.8')
        return owner.sign({ hash })
      }
      return owner.signMessage({ message: { raw: hash } })
    },
  })
}
