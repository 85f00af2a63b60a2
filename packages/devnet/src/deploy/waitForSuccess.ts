import type { Hex } from 'viem'
import { DevnetError } from '../errors/DevnetError.js'
import type { DevnetClient } from './createDevnetClient.js'

/** Waits for a transaction's receipt and throws when it reverted. */
export async function waitForSuccess(
  client: DevnetClient,
  hash: Hex,
  what = 'A devnet transaction',
): Promise<void> {
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success')
    throw new DevnetError(`${what} reverted`, { details: `transaction ${hash}` })
}
