import { type Abi, type Address, encodeFunctionData, type Hex, hashMessage, hashTypedData } from 'viem'
import { type SmartAccount, type SmartAccountImplementation, toSmartAccount } from 'viem/account-abstraction'
import { multiOwnerModularAccountFactoryAbi } from '../abis/multiOwnerModularAccountFactoryAbi.js'
import { multiOwnerPluginAbi } from '../abis/multiOwnerPluginAbi.js'
import { defaultAddresses } from '../constants/defaultAddresses.js'
import { dummySignature } from '../constants/dummySignature.js'
import { entryPoints } from '../constants/entryPoints.js'
import { decodeModularAccountCalls } from './decodeModularAccountCalls.js'
import { encodeModularAccountCalls } from './encodeModularAccountCalls.js'
import { getCounterFactualAddress } from './getCounterFactualAddress.js'
import { normalizeOwners } from './normalizeOwners.js'
import { requireChainId } from './requireChainId.js'
import type { SmartAccountOwner } from './SmartAccountOwner.js'
import { signModularAccountV1Hash } from './signModularAccountV1Hash.js'
import { signUserOperationHash } from './signUserOperationHash.js'
import { zeroNonceKeyManager } from './zeroNonceKeyManager.js'

export type ToMultiOwnerModularAccountParameters = {
  client: SmartAccountImplementation['client']
  owner: SmartAccountOwner
  /** More owners at creation; merged with `owner`, deduplicated and sorted. */
  owners?: readonly Address[] | undefined
  salt?: bigint | undefined
  accountAddress?: Address | undefined
  factoryAddress?: Address | undefined
  /** The MultiOwnerPlugin address (its EIP-712 domain salt). */
  pluginAddress?: Address | undefined
}

export type MultiOwnerModularAccountExtension = {
  source: 'MultiOwnerModularAccount'
  owner: SmartAccountOwner
  owners: Address[]
  factoryAddress: Address
  pluginAddress: Address
  /** Call data for the plugin's `updateOwners(ownersToAdd, ownersToRemove)`, sent to the account itself. */
  encodeUpdateOwners: (ownersToAdd: readonly Address[], ownersToRemove: readonly Address[]) => Hex
}

export type MultiOwnerModularAccountImplementation = SmartAccountImplementation<
  Abi,
  '0.6',
  MultiOwnerModularAccountExtension,
  false
>

export type ToMultiOwnerModularAccountReturnType = SmartAccount<MultiOwnerModularAccountImplementation>

/**
 * A MultiOwnerModularAccount (MA v1, EntryPoint 0.6) as a viem smart account. Factory
 * `createAccount(uint256 salt, address[] owners)`; user operations `sign(uoHash)`; ERC-1271 through
 * the MultiOwnerPlugin's `AlchemyModularAccountMessage` EIP-712 type (docs/account-kit.md#smart-accounts).
 *
 * @example
 * const account = await toMultiOwnerModularAccount({ client, owner })
 */
export async function toMultiOwnerModularAccount(
  parameters: ToMultiOwnerModularAccountParameters,
): Promise<ToMultiOwnerModularAccountReturnType> {
  const { client, owner, salt = 0n } = parameters
  const chainId = requireChainId(client)
  const entryPoint = entryPoints['0.6']
  const owners = normalizeOwners({ owner: owner.address, owners: parameters.owners })
  const factoryAddress = parameters.factoryAddress ?? defaultAddresses.multiOwnerModularAccount.factory
  const pluginAddress = parameters.pluginAddress ?? defaultAddresses.multiOwnerModularAccount.multiOwnerPlugin
  const factoryData = encodeFunctionData({
    abi: multiOwnerModularAccountFactoryAbi,
    functionName: 'createAccount',
    args: [salt, owners],
  })
  const address =
    parameters.accountAddress ??
    (await getCounterFactualAddress(client, {
      entryPointAddress: entryPoint.address,
      factory: factoryAddress,
      factoryData,
    }))
  const signHash = (hash: Hex) =>
    signModularAccountV1Hash({ owner, chainId, account: address, pluginAddress, hash })

  return toSmartAccount({
    client,
    entryPoint,
    nonceKeyManager: zeroNonceKeyManager,
    extend: {
      source: 'MultiOwnerModularAccount',
      owner,
      owners,
      factoryAddress,
      pluginAddress,
      encodeUpdateOwners: (ownersToAdd: readonly Address[], ownersToRemove: readonly Address[]) =>
        encodeFunctionData({
          abi: multiOwnerPluginAbi,
          functionName: 'updateOwners',
          args: [ownersToAdd, ownersToRemove],
        }),
    },
    getAddress: async () => address,
    getFactoryArgs: async () => ({ factory: factoryAddress, factoryData }),
    encodeCalls: async (calls) => encodeModularAccountCalls(calls),
    decodeCalls: async (data) => decodeModularAccountCalls(data),
    getStubSignature: async () => dummySignature,
    signMessage: async ({ message }) => signHash(hashMessage(message)),
    signTypedData: async (typedData) => signHash(hashTypedData(typedData)),
    signUserOperation: async ({ chainId: operationChainId = chainId, ...userOperation }) =>
      signUserOperationHash({
        owner,
        chainId: operationChainId,
        entryPoint,
        userOperation: { ...userOperation, sender: address },
      }),
  }) as Promise<ToMultiOwnerModularAccountReturnType>
}
