import {
  type Abi,
  type Address,
  concat,
  encodeFunctionData,
  type Hex,
  hashMessage,
  hashTypedData,
  isAddressEqual,
  type PrivateKeyAccount,
  parseAbi,
  type TypedDataDefinition,
} from 'viem'
import { type SmartAccount, type SmartAccountImplementation, toSmartAccount } from 'viem/account-abstraction'
import { readContract } from 'viem/actions'
import { modularAccountV2FactoryAbi } from '../abis/modularAccountV2FactoryAbi.js'
import { defaultAddresses } from '../constants/defaultAddresses.js'
import { dummySignature } from '../constants/dummySignature.js'
import { entryPoints } from '../constants/entryPoints.js'
import { EntityIdOverrideError } from '../errors/EntityIdOverrideError.js'
import { InvalidModularAccountModeError } from '../errors/InvalidModularAccountModeError.js'
import { assertEntityId, buildFullNonceKey } from './buildFullNonceKey.js'
import { decodeModularAccountCalls } from './decodeModularAccountCalls.js'
import { encodeModularAccountCalls } from './encodeModularAccountCalls.js'
import { getCounterFactualAddress } from './getCounterFactualAddress.js'
import { requireChainId } from './requireChainId.js'
import type { SmartAccountOwner } from './SmartAccountOwner.js'
import { signModularAccountV2Hash } from './signModularAccountV2Hash.js'
import { signUserOperationHash } from './signUserOperationHash.js'
import { zeroNonceKeyManager } from './zeroNonceKeyManager.js'

export type ModularAccountV2Mode = 'default' | '7702'

export type ToModularAccountV2Parameters = {
  client: SmartAccountImplementation['client']
  owner: SmartAccountOwner
  /** `'default'`: a semi-modular account from the factory; `'7702'`: the owner's EOA delegates to it. */
  mode?: ModularAccountV2Mode | undefined
  salt?: bigint | undefined
  /** A known account address. In 7702 mode anything but the owner's address needs an entity id ≠ 0. */
  accountAddress?: Address | undefined
  factoryAddress?: Address | undefined
  /** The 7702 delegation target; default the canonical 7702 implementation. */
  implementationAddress?: Address | undefined
  /** The validation entity that signs; default 0 (the owner). At most `2**32 - 1`. */
  entityId?: number | undefined
  /** Global validation; default true. */
  isGlobalValidation?: boolean | undefined
  /** The top 152 bits of the EntryPoint nonce key; default 0. At most `2**152 - 1`. */
  nonceKey?: bigint | undefined
}

export type ModularAccountV2Extension = {
  source: 'ModularAccountV2'
  mode: ModularAccountV2Mode
  owner: SmartAccountOwner
  entityId: number
  factoryAddress: Address | undefined
}

export type ModularAccountV2Implementation = SmartAccountImplementation<
  Abi,
  '0.7',
  ModularAccountV2Extension,
  boolean
>

export type ToModularAccountV2ReturnType = SmartAccount<ModularAccountV2Implementation>

const getNonceAbi = parseAbi(['function getNonce(address sender, uint192 key) view returns (uint256)'])

/**
 * A ModularAccountV2 (semi-modular, EntryPoint 0.7) as a viem smart account (docs/account-kit.md#smart-accounts).
 * Default mode: factory `createSemiModularAccount(owner, salt)`. 7702 mode: the account is the
 * owner's EOA (no factory); the first user operation carries an EIP-7702 authorization to the 7702
 * implementation, signed by the owner (`createSmartAccountClient` signs it). User operations are
 * `0xFF ‖ 0x00 ‖ sign(uoHash)` with the nonce key
 * `(nonceKey << 40) + (entityId << 8) + 1`; ERC-1271 uses the `ReplaySafeHash` wrapper.
 *
 * @example
 * const account = await toModularAccountV2({ client, owner })
 * const delegated = await toModularAccountV2({ client, owner, mode: '7702' })
 */
export async function toModularAccountV2(
  parameters: ToModularAccountV2Parameters,
): Promise<ToModularAccountV2ReturnType> {
  const {
    client,
    owner,
    mode = 'default',
    salt = 0n,
    entityId = 0,
    isGlobalValidation = true,
    nonceKey = 0n,
  } = parameters
  if (mode !== 'default' && mode !== '7702') throw new InvalidModularAccountModeError(mode)
  assertEntityId(entityId)
  buildFullNonceKey({ nonceKey, entityId, isGlobalValidation })
  const chainId = requireChainId(client)
  const entryPoint = entryPoints['0.7']
  const addresses = defaultAddresses.modularAccountV2

  let address: Address
  let factoryAddress: Address | undefined
  let factoryData: Hex | undefined
  if (mode === '7702') {
    address = parameters.accountAddress ?? owner.address
    if (entityId === 0 && !isAddressEqual(address, owner.address)) throw new EntityIdOverrideError()
  } else {
    factoryAddress = parameters.factoryAddress ?? addresses.factory
    factoryData = encodeFunctionData({
      abi: modularAccountV2FactoryAbi,
      functionName: 'createSemiModularAccount',
      args: [owner.address, salt],
    })
    address =
      parameters.accountAddress ??
      (await getCounterFactualAddress(client, {
        entryPointAddress: entryPoint.address,
        factory: factoryAddress,
        factoryData,
      }))
  }

  const signHash = (hash: Hex) =>
    signModularAccountV2Hash({
      owner,
      chainId,
      account: address,
      entityId,
      hash,
      singleSignerValidationModule: addresses.singleSignerValidationModule,
    })

  return toSmartAccount({
    client,
    entryPoint,
    nonceKeyManager: zeroNonceKeyManager,
    ...(mode === '7702'
      ? {
          authorization: {
            // viem reads only `address` (and signs nothing) from this account while preparing.
            account: owner as unknown as PrivateKeyAccount,
            address: parameters.implementationAddress ?? addresses.semiModularAccount7702,
          },
        }
      : {}),
    extend: { source: 'ModularAccountV2', mode, owner, entityId, factoryAddress },
    getAddress: async () => address,
    getFactoryArgs: async () => ({ factory: factoryAddress, factoryData }),
    getNonce: async (options) =>
      readContract(client, {
        address: entryPoint.address,
        abi: getNonceAbi,
        functionName: 'getNonce',
        args: [
          address,
          buildFullNonceKey({ nonceKey: options?.key || nonceKey, entityId, isGlobalValidation }),
        ],
      }),
    encodeCalls: async (calls) => encodeModularAccountCalls(calls),
    decodeCalls: async (data) => decodeModularAccountCalls(data),
    getStubSignature: async () => concat(['0xff', '0x00', dummySignature]),
    signMessage: async ({ message }) => signHash(hashMessage(message)),
    signTypedData: async (typedData) => {
      const { primaryType, domain } = typedData as TypedDataDefinition
      // A deferred action is signed as it is, only typed (docs/account-kit.md#smart-accounts).
      if (
        primaryType === 'DeferredAction' &&
        domain?.verifyingContract &&
        isAddressEqual(domain.verifyingContract, address)
      )
        return concat(['0x00', await owner.signTypedData(typedData as TypedDataDefinition)])
      return signHash(hashTypedData(typedData))
    },
    signUserOperation: async ({ chainId: operationChainId = chainId, ...userOperation }) =>
      concat([
        '0xff',
        '0x00',
        await signUserOperationHash({
          owner,
          chainId: operationChainId,
          entryPoint,
          userOperation: { ...userOperation, sender: address },
        }),
      ]),
  }) as Promise<ToModularAccountV2ReturnType>
}
