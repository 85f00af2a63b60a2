import { type Address, concat, encodeFunctionData, type Hex, type LocalAccount } from 'viem'
import { LightAccountFactory } from '../artifacts/light/LightAccountFactory.js'
import { MultiOwnerLightAccountFactory } from '../artifacts/light/MultiOwnerLightAccountFactory.js'
import { DevnetError } from '../errors/DevnetError.js'
import { lightAccountAddresses } from './lightAccountAddresses.js'

/** The dummy signature SDKs estimate gas with (`D` in docs/account-kit.md#smart-accounts): well-formed, signed by nobody. */
export const dummySignature =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

export type LightAccountKind = {
  name: string
  entryPointVersion: '0.6' | '0.7'
  entryPoint: Address
  factory: Address
  implementation: Address
  /** The ERC-1271 EIP-712 domain name and version. */
  domain: { name: string; version: string }
  /** The signature-type byte an EOA owner's signature starts with (`0x` for v1.1.0: no type byte). */
  eoaPrefix: Hex
  multiOwner: boolean
  /** The factory call that deploys the account of `owners` (one owner unless `multiOwner`). */
  factoryData(owners: readonly Address[], salt: bigint): Hex
}

const singleOwnerFactoryData = (owners: readonly Address[], salt: bigint): Hex => {
  if (owners.length !== 1) throw new DevnetError('a LightAccount has one owner')
  return encodeFunctionData({
    abi: LightAccountFactory.abi,
    functionName: 'createAccount',
    args: [owners[0] as Address, salt],
  })
}

/**
 * The three LightAccount stand-ins as the SDK sees them (docs/account-kit.md#smart-accounts), for the contract tests.
 *
 * @example
 * const initCode = concat([kind.factory, kind.factoryData([owner.address], 0n)])
 */
export const lightAccountKinds = [
  {
    name: 'LightAccount v1.1.0',
    entryPointVersion: '0.6',
    ...lightAccountAddresses.lightAccountV1,
    domain: { name: 'LightAccount', version: '1' },
    eoaPrefix: '0x',
    multiOwner: false,
    factoryData: singleOwnerFactoryData,
  },
  {
    name: 'LightAccount v2.0.0',
    entryPointVersion: '0.7',
    ...lightAccountAddresses.lightAccountV2,
    domain: { name: 'LightAccount', version: '2' },
    eoaPrefix: '0x00',
    multiOwner: false,
    factoryData: singleOwnerFactoryData,
  },
  {
    name: 'MultiOwnerLightAccount v2.0.0',
    entryPointVersion: '0.7',
    ...lightAccountAddresses.multiOwnerLightAccountV2,
    domain: { name: 'MultiOwnerLightAccount', version: '2' },
    eoaPrefix: '0x00',
    multiOwner: true,
    // The SDK's normalisation: deduplicated, no zero address, ascending.
    factoryData: (owners, salt) =>
      encodeFunctionData({
        abi: MultiOwnerLightAccountFactory.abi,
        functionName: 'createAccount',
        args: [sortOwners(owners), salt],
      }),
  },
] as const satisfies readonly LightAccountKind[]

/** Owners as the MultiOwnerLightAccount factory wants them: unique, non-zero, ascending. */
export function sortOwners(owners: readonly Address[]): Address[] {
  const unique = [...new Set(owners.map((owner) => owner.toLowerCase() as Address))]
  return unique.filter((owner) => BigInt(owner) !== 0n).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))
}

/** `eoaPrefix ‖ sign(userOpHash)`: an EOA owner's user-operation signature (EIP-191 over the hash). */
export async function signUserOperationHash(
  kind: LightAccountKind,
  owner: LocalAccount,
  hash: Hex,
): Promise<Hex> {
  return concat([kind.eoaPrefix, await owner.signMessage({ message: { raw: hash } })])
}

/** `eoaPrefix ‖ 712(domain, LightAccountMessage(bytes message))`: an EOA owner's ERC-1271 signature of `hash`. */
export async function signReplaySafeHash(
  kind: LightAccountKind,
  owner: LocalAccount,
  account: Address,
  hash: Hex,
  chainId = 31337,
): Promise<Hex> {
  const signature = await owner.signTypedData({
    domain: { ...kind.domain, chainId, verifyingContract: account },
    types: { LightAccountMessage: [{ name: 'message', type: 'bytes' }] },
    primaryType: 'LightAccountMessage',
    message: { message: hash },
  })
  return concat([kind.eoaPrefix, signature])
}
