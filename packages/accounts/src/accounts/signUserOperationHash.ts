import type { Address, Hex } from 'viem'
import { type EntryPointVersion, getUserOperationHash, type UserOperation } from 'viem/account-abstraction'
import type { SmartAccountOwner } from './SmartAccountOwner.js'

export type SignUserOperationHashParameters = {
  owner: SmartAccountOwner
  chainId: number
  entryPoint: { address: Address; version: EntryPointVersion }
  userOperation: UserOperation
}

/**
 * The owner's EIP-191 signature over the ERC-4337 user-operation hash of the account's EntryPoint
 * (`sign(uoHash)` of docs/account-kit.md#smart-accounts); accounts add their own prefix bytes.
 *
 * @example
 * const signature = await signUserOperationHash({ owner, chainId, entryPoint, userOperation })
 */
export async function signUserOperationHash({
  owner,
  chainId,
  entryPoint,
  userOperation,
}: SignUserOperationHashParameters): Promise<Hex> {
  const hash = getUserOperationHash({
    chainId,
    entryPointAddress: entryPoint.address,
    entryPointVersion: entryPoint.version,
    userOperation,
  })
  return owner.signMessage({ message: { raw: hash } })
}
