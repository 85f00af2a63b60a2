import { expect, test } from 'vitest'
import { receiptWaitDefaults } from './receiptWaitDefaults.js'

test('default: 180000 ms, 6 retries, 200 ms × 2^attempt between them (docs/account-kit.md#constants)', () => {
  expect(receiptWaitDefaults.timeout).toBe(180_000)
  expect(receiptWaitDefaults.retryCount).toBe(6)
  expect([0, 1, 2, 3, 4, 5].map((count) => receiptWaitDefaults.retryDelay({ count }))).toEqual([
    200, 400, 800, 1600, 3200, 6400,
  ])
})
