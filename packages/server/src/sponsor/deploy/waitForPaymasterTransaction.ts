import type { Hash } from 'viem'
import type { DeployerClient } from './createDeployerClient.js'
import { PaymasterDeployError } from './PaymasterDeployError.js'

/**
 * Waits (up to 3 minutes, for a public chain's block time) for the receipt of `hash`; throws when it reverted.
 *
 * @example
 * await waitForPaymasterTransaction(client, hash, 'the deposit')
 */
export async function waitForPaymasterTransaction(
  client: DeployerClient,
  hash: Hash,
  what: string,
): Promise<void> {
  const receipt = await client.waitForTransactionReceipt({ hash, timeout: 180_000 })
  if (receipt.status !== 'success') throw new PaymasterDeployError(`${what} reverted (transaction ${hash})`)
}
