import {
  type Address,
  concat,
  encodeFunctionData,
  type Hex,
  type LocalAccount,
  type PublicClient,
  parseAbi,
} from 'viem'
import {
  entryPoint06Abi,
  entryPoint06Address,
  entryPoint07Abi,
  entryPoint07Address,
  getUserOperationHash,
  toSmartAccount,
} from 'viem/account-abstraction'
import { readContract } from 'viem/actions'

/**
 * LightAccount's canonical factories (the devnet's `deployLightAccounts` places them): v1.1.0 on EntryPoint
 * v0.6, v2.0.0 on v0.7.
 */
export const lightAccountFactories = {
  '0.6': '0x00004EC70002a32400f8ae005A26081065620D20',
  '0.7': '0x0000000000400CdFef5E2714E63d8040b700BC24',
} as const satisfies Record<string, Address>

const entryPoints = {
  '0.6': { abi: entryPoint06Abi, address: entryPoint06Address, version: '0.6' },
  '0.7': { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' },
} as const

/** What an EOA owner's signature starts with: v1.1.0 has no signature-type byte, v2.0.0 `0x00`. */
const eoaPrefixes = { '0.6': '0x', '0.7': '0x00' } as const satisfies Record<string, Hex>

/** A well-formed 65-byte signature signed by nobody, for gas estimation. */
const stubSignature: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

const factoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])
const accountAbi = parseAbi(['function execute(address dest, uint256 value, bytes func)'])

/**
 * Tests: a LightAccount of the canonical factory as a viem smart account, owned by a local account —
 * v1.1.0 on EntryPoint v0.6, v2.0.0 on v0.7 (the default). Its user-operation signature is the owner's
 * EIP-191 signature of the hash, after `0x00` (EOA) on v2.0.0.
 *
 * @example
 * const account = await toLightTestAccount({ client, owner: privateKeyToAccount(generatePrivateKey()) })
 */
export async function toLightTestAccount({
  client,
  owner,
  version = '0.7',
}: {
  client: PublicClient
  owner: LocalAccount
  version?: '0.6' | '0.7' | undefined
}) {
  const factory = lightAccountFactories[version]
  const entryPoint = entryPoints[version]
  const address = await readContract(client, {
    address: factory,
    abi: factoryAbi,
    functionName: 'getAddress',
    args: [owner.address, 0n],
  })
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
    getStubSignature: async () => concat([eoaPrefixes[version], stubSignature]),
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
      return concat([eoaPrefixes[version], await owner.signMessage({ message: { raw: hash } })])
    },
  })
}
