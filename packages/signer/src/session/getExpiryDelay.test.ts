import { expect, test } from 'vitest'
import { getExpiryDelay } from './getExpiryDelay.js'

test('default: the time left', () => {
  expect(getExpiryDelay(1_900_000, 1_000_000)).toBe(900_000)
})

test('behavior: capped at 2147483647 ms (setTimeout overflow), never negative', () => {
  expect(getExpiryDelay(Number.MAX_SAFE_INTEGER, 0)).toBe(2147483647)
  expect(getExpiryDelay(5, 10)).toBe(0)
})
