import { expect, test } from 'vitest'
import { createStubClient } from '../test/createStubClient.js'
import { waitForUserOperationTransaction } from './waitForUserOperationTransaction.js'

const hash = `0x${'ab'.repeat(32)}` as const
const transactionHash = `0x${'cd'.repeat(32)}` as const

function receipt() {
  return {
    userOpHash: hash,
    entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
    sender: '0x1111111111111111111111111111111111111111',
    nonce: '0x0',
    actualGasCost: '0x1',
    actualGasUsed: '0x1',
    success: true,
    logs: [],
    receipt: {
      transactionHash,
      blockHash: hash,
      blockNumber: '0x1',
      from: '0x1111111111111111111111111111111111111111',
      to: null,
      cumulativeGasUsed: '0x1',
      gasUsed: '0x1',
      logs: [],
      logsBloom: `0x${'00'.repeat(256)}`,
      status: '0x1',
      transactionIndex: '0x0',
      effectiveGasPrice: '0x1',
      type: '0x2',
      contractAddress: null,
    },
  }
}

test('default: the including transaction hash once the bundler has the receipt', async () => {
  let calls = 0
  const client = createStubClient({
    methods: { eth_getUserOperationReceipt: () => (++calls < 3 ? null : receipt()) },
  })
  const started = Date.now()
  const result = await waitForUserOperationTransaction(
    client,
    { hash },
    { txMaxRetries: 5, txRetryIntervalMs: 20, txRetryMultiplier: 2 },
  )
  expect(result).toBe(transactionHash)
  expect(calls).toBe(3)
  // waits 20, 40 and 80 ms (plus ≤ 100 ms jitter each) before the three attempts
  const elapsed = Date.now() - started
  expect(elapsed).toBeGreaterThanOrEqual(140)
  expect(elapsed).toBeLessThan(140 + 3 * 100 + 200)
})

test('behavior: per-call retries override the client settings', async () => {
  let calls = 0
  const client = createStubClient({
    methods: {
      eth_getUserOperationReceipt: () => {
        calls++
        return null
      },
    },
  })
  await expect(
    waitForUserOperationTransaction(
      client,
      { hash, retries: { maxRetries: 2, intervalMs: 1 } },
      { txMaxRetries: 5, txRetryIntervalMs: 2000, txRetryMultiplier: 1.5 },
    ),
  ).rejects.toThrow()
  expect(calls).toBe(2)
})

test('error: FailedToFindTransactionError after the last attempt', async () => {
  const client = createStubClient({ methods: { eth_getUserOperationReceipt: () => null } })
  await expect(
    waitForUserOperationTransaction(
      client,
      { hash },
      { txMaxRetries: 3, txRetryIntervalMs: 1, txRetryMultiplier: 1 },
    ),
  ).rejects.toMatchObject({
    name: 'FailedToFindTransactionError',
    shortMessage: `Failed to find transaction for user operation ${hash}`,
  })
})
