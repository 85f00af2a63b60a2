import type { Client, Hash } from 'viem'
import { getUserOperationReceipt } from 'viem/account-abstraction'
import { FailedToFindTransactionError } from '../errors/FailedToFindTransactionError.js'

export type WaitForUserOperationTransactionParameters = {
  /** The user-operation hash `sendUserOperation` returned. */
  hash: Hash
  /** Overrides of the client's retry settings. */
  retries?:
    | { maxRetries?: number | undefined; intervalMs?: number | undefined; multiplier?: number | undefined }
    | undefined
}

export type TransactionRetrySettings = {
  txMaxRetries: number
  txRetryIntervalMs: number
  txRetryMultiplier: number
}

/**
 * The hash of the transaction that included a user operation (docs/protocol.md#gateway-methods): up to `txMaxRetries`
 * attempts; before attempt i it waits `txRetryIntervalMs × txRetryMultiplier^i` plus 0–100 ms of
 * jitter, then asks `eth_getUserOperationReceipt`. Throws `FailedToFindTransactionError` when no
 * attempt found a receipt.
 *
 * @example
 * const txHash = await waitForUserOperationTransaction(client, { hash }, { txMaxRetries: 5, txRetryIntervalMs: 2000, txRetryMultiplier: 1.5 })
 */
export async function waitForUserOperationTransaction(
  client: Client,
  { hash, retries }: WaitForUserOperationTransactionParameters,
  settings: TransactionRetrySettings,
): Promise<Hash> {
  const maxRetries = retries?.maxRetries ?? settings.txMaxRetries
  const intervalMs = retries?.intervalMs ?? settings.txRetryIntervalMs
  const multiplier = retries?.multiplier ?? settings.txRetryMultiplier
  let lastError: unknown
  for (let attempt = 0; attempt < maxRetries; attempt++) {
    const wait = intervalMs * multiplier ** attempt + Math.random() * 100
    await new Promise((resolve) => setTimeout(resolve, wait))
    try {
      const receipt = await getUserOperationReceipt(client, { hash })
      return receipt.receipt.transactionHash
    } catch (error) {
      lastError = error
    }
  }
  throw new FailedToFindTransactionError(hash, { cause: lastError })
}
