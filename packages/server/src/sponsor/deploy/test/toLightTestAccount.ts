import {
  type Address,
  concat,
  encodeFunctionData,
  type LocalAccount,
  type PublicClient,
  parseAbi,
} from 'viem'
import {
  entryPoint07Abi,
  entryPoint07Address,
  getUserOperationHash,
  toSmartAccount,
} from 'viem/account-abstraction'
import { readContract } from 'viem/actions'

/** LightAccount v2.0.0's canonical factory (the devnet's `deployLightAccounts` places it). */
export const lightAccountV2Factory: Address = '0x0000000000400CdFef5E2714E63d8040b700BC24'

const factoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])
const accountAbi = parseAbi(['function execute(address dest, uint256 value, bytes func)'])

/**
 * Tests: a LightAccount v2.0.0 (EntryPoint v0.7) of the canonical factory as a viem smart account, owned by
 * a local account; its user-operation signature is `0x00` (EOA) ‖ the owner's EIP-191 signature of the hash.
 *
 * @example
 * const account = await toLightTestAccount({ client, owner: privateKeyToAccount(generatePrivateKey()) })
 */
export async function toLightTestAccount({ client, owner }: { client: PublicClient; owner: LocalAccount }) {
  const address = await readContract(client, {
    address: lightAccountV2Factory,
    abi: factoryAbi,
    functionName: 'getAddress',
    args: [owner.address, 0n],
  })
  return toSmartAccount({
    client,
    entryPoint: { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' },
    getAddress: async () => address,
    getFactoryArgs: async () => ({
      factory: lightAccountV2Factory,
      factoryData: encodeFunctionData({
        abi: factoryAbi,
        functionName: 'createAccount',
        args: [owner.address, 0n],
      }),
    }),
    async encodeCalls(calls) {
      const [{ to, value = 0n, data = '0x' }] = calls as [
        { to: Address; value?: bigint; data?: `0x${string}` },
      ]
      return encodeFunctionData({ abi: accountAbi, functionName: 'execute', args: [to, value, data] })
    },
    // 0x00 ‖ a well-formed 65-byte signature, for gas estimation.
    getStubSignature: async () =>
      '0x00fffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c',
    async signMessage() {
      throw new Error('not used')
    },
    async signTypedData() {
      throw new Error('not used')
    },
    async signUserOperation(userOperation) {
      const hash = getUserOperationHash({
        userOperation: { ...userOperation, sender: address } as never,
        entryPointAddress: entryPoint07Address,
        entryPointVersion: '0.7',
        chainId: userOperation.chainId ?? 31337,
      })
      return concat(['0x00', await owner.signMessage({ message: { raw: hash } })])
    },
  })
}
