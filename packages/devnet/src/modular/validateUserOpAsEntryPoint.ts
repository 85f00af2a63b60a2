import type { Abi, Address, Hex } from 'viem'
import type { DevnetClient } from '../deploy/createDevnetClient.js'

export type ValidateUserOpAsEntryPointParameters = {
  entryPoint: Address
  account: Address
  /** The account's ABI (its `validateUserOp` takes the v0.6 `UserOperation` or the v0.7 `PackedUserOperation`). */
  abi: Abi
  userOperation: Record<string, unknown>
  userOpHash: Hex
  missingAccountFunds?: bigint | undefined
  /** Send a real transaction from the impersonated EntryPoint instead of an `eth_call`. */
  send?: boolean | undefined
}

/**
 * Calls `account.validateUserOp(userOp, userOpHash, missingAccountFunds)` as the EntryPoint: an `eth_call` from
 * the EntryPoint's address (returns the validation data), or with `send` a transaction from the impersonated
 * EntryPoint (returns 0n once it is mined, so balances can be checked).
 *
 * @example
 * const validationData = await validateUserOpAsEntryPoint(client, { entryPoint, account, abi, userOperation, userOpHash })
 */
export async function validateUserOpAsEntryPoint(
  client: DevnetClient,
  parameters: ValidateUserOpAsEntryPointParameters,
): Promise<bigint> {
  const { entryPoint, account, abi, userOperation, userOpHash, missingAccountFunds = 0n, send } = parameters
  const call = {
    address: account,
    abi,
    functionName: 'validateUserOp',
    args: [userOperation, userOpHash, missingAccountFunds],
    account: entryPoint,
  } as const
  if (!send) {
    const { result } = await client.simulateContract(call as never)
    return result as bigint
  }
  await client.impersonateAccount({ address: entryPoint })
  try {
    const balance = await client.getBalance({ address: entryPoint })
    await client.setBalance({ address: entryPoint, value: balance + 10n ** 18n })
    // A fixed gas limit: estimation would stop at the least gas that does not revert, and the prefund transfer's
    // failure does not revert.
    const hash = await client.writeContract({ ...call, chain: client.chain, gas: 1_000_000n } as never)
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`validateUserOp reverted: ${hash}`)
    return 0n
  } finally {
    await client.stopImpersonatingAccount({ address: entryPoint })
  }
}
