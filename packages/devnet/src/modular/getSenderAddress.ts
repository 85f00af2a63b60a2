import { type Address, BaseError, ContractFunctionRevertedError, type Hex } from 'viem'
import { entryPoint07Abi } from 'viem/account-abstraction'
import type { DevnetClient } from '../deploy/createDevnetClient.js'

export type GetSenderAddressParameters = { entryPoint: Address; initCode: Hex }

/**
 * The counterfactual address of an account as the SDK computes it: `EntryPoint.getSenderAddress(initCode)`
 * reverts with `SenderAddressResult(address)` (the same call on v0.6, v0.7 and v0.8).
 *
 * @example
 * const sender = await getSenderAddress(client, { entryPoint: entryPoint07Address, initCode })
 */
export async function getSenderAddress(
  client: DevnetClient,
  { entryPoint, initCode }: GetSenderAddressParameters,
): Promise<Address> {
  try {
    await client.simulateContract({
      address: entryPoint,
      abi: entryPoint07Abi,
      functionName: 'getSenderAddress',
      args: [initCode],
    })
  } catch (error) {
    const reverted =
      error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError)
    if (
      reverted instanceof ContractFunctionRevertedError &&
      reverted.data?.errorName === 'SenderAddressResult'
    )
      return reverted.data.args?.[0] as Address
    throw error
  }
  throw new Error('getSenderAddress did not revert')
}
