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
import { lightAccountAbi } from '../abis/lightAccountAbi.js'
import { lightAccountFactoryAbi } from '../abis/lightAccountFactoryAbi.js'
import { defaultAddresses } from '../constants/defaultAddresses.js'
import { dummySignature } from '../constants/dummySignature.js'
import { entryPoints } from '../constants/entryPoints.js'
import { decodeLightAccountCalls } from './decodeLightAccountCalls.js'
import { encodeLightAccountCalls } from './encodeLightAccountCalls.js'
import { getCounterFactualAddress } from './getCounterFactualAddress.js'
import { requireChainId } from './requireChainId.js'
import type { SmartAccountOwner } from './SmartAccountOwner.js'
import { signLightAccountHash } from './signLightAccountHash.js'
import { signUserOperationHash } from './signUserOperationHash.js'
import { zeroNonceKeyManager } from './zeroNonceKeyManager.js'

export type LightAccountVersion = 'v1.1.0' | 'v2.0.0'

export type ToLightAccountParameters = {
  /** A client on the account's chain (node calls: counterfactual address, code, nonce). */
  client: SmartAccountImplementation['client']
  owner: SmartAccountOwner
  /** `'v2.0.0'` (EntryPoint 0.7, the default) or `'v1.1.0'` (EntryPoint 0.6). */
  version?: LightAccountVersion | undefined
  /** The factory salt; default 0. */
  salt?: bigint | undefined
  /** A known account address; skips the counterfactual lookup. */
  accountAddress?: Address | undefined
  factoryAddress?: Address | undefined
}

export type LightAccountExtension = {
  source: 'LightAccount'
  version: LightAccountVersion
  owner: SmartAccountOwner
  factoryAddress: Address
  /** Call data for `transferOwnership(newOwner)`, to send to the account itself. */
  encodeTransferOwnership: (newOwner: Address) => Hex
}

export type LightAccountImplementation = SmartAccountImplementation<
  Abi,
  '0.6' | '0.7',
  LightAccountExtension,
  false
>

export type ToLightAccountReturnType = SmartAccount<LightAccountImplementation>

/**
 * A LightAccount (docs/account-kit.md#smart-accounts) as a viem smart account: v2.0.0 on EntryPoint 0.7 (default)
 * or v1.1.0 on EntryPoint 0.6. Factory `createAccount(owner, salt)`; user operations signed
 * `sign(uoHash)` (v1.1.0) or `0x00 ‖ sign(uoHash)` (v2.0.0); ERC-1271 messages wrapped in the
 * `LightAccountMessage` EIP-712 type; EIP-6492 wrapping while undeployed.
 *
 * @example
 * const account = await toLightAccount({ client: createPublicClient({ chain, transport }), owner })
 * await bundlerClient.sendUserOperation({ account, calls: [{ to, value: 1n }] })
 */
export async function toLightAccount(
  parameters: ToLightAccountParameters,
): Promise<ToLightAccountReturnType> {
  const { client, owner, version = 'v2.0.0', salt = 0n } = parameters
  const chainId = requireChainId(client)
  const entryPoint = version === 'v1.1.0' ? entryPoints['0.6'] : entryPoints['0.7']
  const factoryAddress = parameters.factoryAddress ?? defaultAddresses.lightAccount[version].factory
  const factoryData = encodeFunctionData({
    abi: lightAccountFactoryAbi,
    functionName: 'createAccount',
    args: [owner.address, salt],
  })
  const address =
    parameters.accountAddress ??
    (await getCounterFactualAddress(client, {
      entryPointAddress: entryPoint.address,
      factory: factoryAddress,
      factoryData,
    }))
  const prefix: Hex = version === 'v2.0.0' ? '0x00' : '0x'
  const signHash = async (hash: Hex) =>
    concat([
      prefix,
      await signLightAccountHash({
        owner,
        name: 'LightAccount',
        version: version === 'v2.0.0' ? '2' : '1',
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
      source: 'LightAccount',
      version,
      owner,
      factoryAddress,
      encodeTransferOwnership: (newOwner: Address) =>
        encodeFunctionData({ abi: lightAccountAbi, functionName: 'transferOwnership', args: [newOwner] }),
    },
    getAddress: async () => address,
    getFactoryArgs: async () => ({ factory: factoryAddress, factoryData }),
    encodeCalls: async (calls) => encodeLightAccountCalls(calls),
    decodeCalls: async (data) => decodeLightAccountCalls(data),
    getStubSignature: async () => concat([prefix, dummySignature]),
    signMessage: async ({ message }) => signHash(hashMessage(message)),
    signTypedData: async (typedData) => signHash(hashTypedData(typedData)),
    signUserOperation: async ({ chainId: operationChainId = chainId, ...userOperation }) =>
      concat([
        prefix,
        await signUserOperationHash({
          owner,
          chainId: operationChainId,
          entryPoint,
          userOperation: { ...userOperation, sender: address },
        }),
      ]),
  }) as Promise<ToLightAccountReturnType>
}
