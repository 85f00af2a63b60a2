import { describe, expect, test } from 'vitest'
import { maxPreVerificationGas } from './maxPreVerificationGas.js'

describe('maxPreVerificationGas', () => {
  test('default: the estimate plus 10% and 5 000 gas', () => {
    expect(maxPreVerificationGas(50_000n)).toBe(60_000n)
    expect(maxPreVerificationGas(0n)).toBe(5_000n)
  })

  test('behavior: the percentage rounds up', () => {
    expect(maxPreVerificationGas(45_001n)).toBe(54_502n)
  })

  test("behavior: the issue's 2 000 000 preVerificationGas is far above what a plain operation estimates", () => {
    expect(maxPreVerificationGas(60_000n)).toBeLessThan(2_000_000n)
  })
})
