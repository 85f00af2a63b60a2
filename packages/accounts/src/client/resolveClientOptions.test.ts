import { expect, test } from 'vitest'
import { resolveClientOptions } from './resolveClientOptions.js'

test('default: 5 retries, 2000 ms, ×1.5, and the reference fee options', () => {
  expect(resolveClientOptions()).toEqual({
    txMaxRetries: 5,
    txRetryIntervalMs: 2000,
    txRetryMultiplier: 1.5,
    feeOptions: { maxFeePerGas: { multiplier: 1.5 }, maxPriorityFeePerGas: { multiplier: 1.05 } },
  })
})

test('behavior: given settings win; top-level fee options over opts.feeOptions', () => {
  const resolved = resolveClientOptions(
    { txMaxRetries: 0, feeOptions: { maxFeePerGas: { multiplier: 2 } } },
    { maxFeePerGas: { multiplier: 3 }, callGasLimit: { multiplier: 1.1 } },
  )
  expect(resolved.txMaxRetries).toBe(0)
  expect(resolved.feeOptions.maxFeePerGas).toEqual({ multiplier: 3 })
  expect(resolved.feeOptions.callGasLimit).toEqual({ multiplier: 1.1 })
})

test('error: retry settings must be non-negative numbers', () => {
  expect(() => resolveClientOptions({ txMaxRetries: -1 })).toThrow(
    'txMaxRetries must be a non-negative number',
  )
  expect(() => resolveClientOptions({ txRetryIntervalMs: -5 })).toThrow(
    'txRetryIntervalMs must be a non-negative number',
  )
  expect(() => resolveClientOptions({ txRetryMultiplier: Number.NaN })).toThrow(
    'txRetryMultiplier must be a non-negative number',
  )
})

test('error: a fee multiplier with more than 4 decimal places', () => {
  expect(() => resolveClientOptions({}, { maxPriorityFeePerGas: { multiplier: 1.23456 } })).toThrow(
    'Max precision is 4 decimal places',
  )
})
