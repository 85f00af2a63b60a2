/**
 * How long a transaction receipt is waited for (docs/account-kit.md#constants): 180 000 ms in all, 6 retries of a failed
 * lookup, `200 ms × 2^attempt` between them.
 *
 * @example
 * await waitForTransactionReceipt(publicClient, { hash, ...receiptWaitDefaults })
 */
export const receiptWaitDefaults = {
  timeout: 180_000,
  retryCount: 6,
  retryDelay: ({ count }: { count: number }) => 200 * 2 ** count,
} as const
