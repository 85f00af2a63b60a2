import {
  type Abi,
  type Address,
  concat,
  encodeFunctionData,
  type Hex,
  hashMessage,
  hashTypedData,
} from 'viem'
import { type SmartAccount, type SmartAccountImplementation, toSmartAccount } from 'viem/account-abstraction'
import { multiOwnerLightAccountAbi } from '../abis/multiOwnerLightAccountAbi.js'
import { multiOwnerLightAccountFactoryAbi } from '../abis/multiOwnerLightAccountFactoryAbi.js'
import { defaultAddresses } from '../constants/defaultAddresses.js'
import { dummySignature } from '../constants/dummySignature.js'
import { entryPoints } from '../constants/entryPoints.js'
import { decodeLightAccountCalls } from './decodeLightAccountCalls.js'
import { encodeLightAccountCalls } from './encodeLightAccountCalls.js'
import { getCounterFactualAddress } from './getCounterFactualAddress.js'
import { normalizeOwners } from './normalizeOwners.js'
import { requireChainId } from './requireChainId.js'
import type { SmartAccountOwner } from './SmartAccountOwner.js'
import { signLightAccountHash } from './signLightAccountHash.js'
import { signUserOperationHash } from './signUserOperationHash.js'
import { zeroNonceKeyManager } from './zeroNonceKeyManager.js'

export type ToMultiOwnerLightAccountParameters = {
  client: SmartAccountImplementation['client']
  /** The signing owner; always one of the account's owners. */
  owner: SmartAccountOwner
  /** More owners at creation; merged with `owner`, deduplicated and sorted. */
  owners?: readonly Address[] | undefined
  salt?: bigint | undefined
  accountAddress?: Address | undefined
  factoryAddress?: Address | undefined
}

export type MultiOwnerLightAccountExtension = {
  source: 'MultiOwnerLightAccount'
  version: 'v2.0.0'
  owner: SmartAccountOwner
  /** The owners the factory was (or will be) called with. */
  owners: Address[]
  factoryAddress: Address
  /** Call data for `updateOwners(ownersToAdd, ownersToRemove)`, to send to the account itself. */
  encodeUpdateOwners: (ownersToAdd: readonly Address[], ownersToRemove: readonly Address[]) => Hex
}

export type MultiOwnerLightAccountImplementation = SmartAccountImplementation<
  Abi,
  '0.7',
  MultiOwnerLightAccountExtension,
  false
>

export type ToMultiOwnerLightAccountReturnType = SmartAccount<MultiOwnerLightAccountImplementation>

/**
 * A MultiOwnerLightAccount v2.0.0 (EntryPoint 0.7) as a viem smart account. Factory
 * `createAccount(address[] owners, uint256 salt)` with the normalised owners; user operations
 * `0x00 ‖ sign(uoHash)`; ERC-1271 `0x00 ‖ 712(LightAccountMessage)` in the
 * `{ name: 'MultiOwnerLightAccount', version: '2' }` domain (docs/account-kit.md#smart-accounts).
 *
 * @example
 * const account = await toMultiOwnerLightAccount({ client, owner, owners: [backupOwner] })
 */
export async function toMultiOwnerLightAccount(
  parameters: ToMultiOwnerLightAccountParameters,
): Promise<ToMultiOwnerLightAccountReturnType> {
  const { client, owner, salt = 0n } = parameters
  const chainId = requireChainId(client)
  const entryPoint = entryPoints['0.7']
  const owners = normalizeOwners({ owner: owner.address, owners: parameters.owners })
  const factoryAddress =
    parameters.factoryAddress ?? defaultAddresses.multiOwnerLightAccount['v2.0.0'].factory
  const factoryData = encodeFunctionData({
    abi: multiOwnerLightAccountFactoryAbi,
    functionName: 'createAccount',
    args: [owners, salt],
  })
  const address =
    parameters.accountAddress ??
    (await getCounterFactualAddress(client, {
      entryPointAddress: entryPoint.address,
      factory: factoryAddress,
      factoryData,
    }))
  const signHash = async (hash: Hex) =>
    concat([
      '0x00',
      await signLightAccountHash({
        owner,
        name: 'MultiOwnerLightAccount',
        version: '2',
        chainId,
        account: address,
        hash,
      }),
    ])

  return toSmartAccount({
    client,
    entryPoint,
    nonceKeyManager: zeroNonceKeyManager,
    extend: {
      source: 'MultiOwnerLightAccount',
      version: 'v2.0.0',
      owner,
      owners,
      factoryAddress,
      encodeUpdateOwners: (ownersToAdd: readonly Address[], ownersToRemove: readonly Address[]) =>
        encodeFunctionData({
          abi: multiOwnerLightAccountAbi,
          functionName: 'updateOwners',
          args: [ownersToAdd, ownersToRemove],
        }),
    },
    getAddress: async () => address,
    getFactoryArgs: async () => ({ factory: factoryAddress, factoryData }),
    encodeCalls: async (calls) => encodeLightAccountCalls(calls),
    decodeCalls: async (data) => decodeLightAccountCalls(data),
    getStubSignature: async () => concat(['0x00', dummySignature]),
    signMessage: async ({ message }) => signHash(hashMessage(message)),
    signTypedData: async (typedData) => signHash(hashTypedData(typedData)),
    signUserOperation: async ({ chainId: operationChainId = chainId, ...userOperation }) =>
      concat([
        '0x00',
        await signUserOperationHash({
          owner,
          chainId: operationChainId,
          entryPoint,
          userOperation: { ...userOperation, sender: address },
        }),
      ]),
  }) as Promise<ToMultiOwnerLightAccountReturnType>
}
