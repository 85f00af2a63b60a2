import { expect, test } from 'vitest'
import { applyFeeOption, multiplyBigInt } from './applyFeeOption.js'

test('default: multiplies in integers to 4 decimal places, rounding up', () => {
  expect(multiplyBigInt(1_000n, 1.05)).toBe(1_050n)
  expect(multiplyBigInt(3n, 1.5)).toBe(5n)
  expect(multiplyBigInt(10n ** 30n, 1.0001)).toBe(10n ** 30n + 10n ** 26n)
  expect(multiplyBigInt(7n, 0)).toBe(0n)
})

test('behavior: multiplier, then min and max', () => {
  expect(applyFeeOption(100n, undefined)).toBe(100n)
  expect(applyFeeOption(100n, { multiplier: 1.5 })).toBe(150n)
  expect(applyFeeOption(100n, { multiplier: 1.5, min: 200n })).toBe(200n)
  expect(applyFeeOption(100n, { multiplier: 1.5, max: 120n })).toBe(120n)
})

test('error: Max precision is 4 decimal places', () => {
  expect(() => multiplyBigInt(1n, 1.00001)).toThrow('Max precision is 4 decimal places')
  expect(() => multiplyBigInt(1n, 1e-5)).toThrow('Max precision is 4 decimal places')
  expect(() => multiplyBigInt(1n, -1)).toThrow('Multiplier must be a non-negative number')
})
