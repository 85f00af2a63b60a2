import { describe, expect, test } from 'vitest'
import { applyGasOverride } from './applyGasOverride.js'

describe('applyGasOverride', () => {
  test('default: no override keeps the estimate', () => {
    expect(applyGasOverride(100_000n, undefined)).toBe(100_000n)
  })

  test('behavior: an absolute value replaces it; a multiplier scales it, rounded up', () => {
    expect(applyGasOverride(100_000n, 5n)).toBe(5n)
    expect(applyGasOverride(100_000n, { multiplier: 1.5 })).toBe(150_000n)
    expect(applyGasOverride(3n, { multiplier: 1.1 })).toBe(4n)
    expect(applyGasOverride(10_000n, { multiplier: 1.00005 })).toBe(10_001n)
  })
})
