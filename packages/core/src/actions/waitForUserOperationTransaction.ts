import type { SmartAccountClient, WaitForUserOperationTransactionParameters } from '@sigil/accounts'
import type { Hash } from 'viem'

export type { WaitForUserOperationTransactionParameters } from '@sigil/accounts'
export type WaitForUserOperationTransactionReturnType = Hash

/**
 * The hash of the transaction that included a user operation, asked of the bundler with the client's
 * retry rules (5 tries, 2000 ms, ×1.5 by default; `retries` overrides them). Throws
 * `FailedToFindTransactionError` when no try found it.
 *
 * @example
 * const txHash = await waitForUserOperationTransaction(client, { hash: userOperationHash })
 */
export function waitForUserOperationTransaction(
  client: SmartAccountClient,
  parameters: WaitForUserOperationTransactionParameters,
): Promise<WaitForUserOperationTransactionReturnType> {
  return client.waitForUserOperationTransaction(parameters)
}
