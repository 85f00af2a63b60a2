import { describe, expect, test } from 'vitest'
import { maxGasLimit, maxGasLimits } from './maxGasLimits.js'

const estimate = {
  callGasLimit: 50_000n,
  verificationGasLimit: 100_000n,
  preVerificationGas: 50_000n,
  paymasterVerificationGasLimit: 150_000n,
  paymasterPostOpGasLimit: 1n,
}

describe('maxGasLimits', () => {
  test('default: each limit is the estimate plus 50% and 20 000 gas', () => {
    expect(maxGasLimit(50_000n)).toBe(95_000n)
    expect(maxGasLimit(3n)).toBe(20_005n)
    expect(maxGasLimit(0n)).toBe(20_000n)
    expect(maxGasLimits(estimate, '0.7')).toEqual({
      callGasLimit: 95_000n,
      verificationGasLimit: 170_000n,
      paymasterVerificationGasLimit: 245_000n,
      paymasterPostOpGasLimit: 20_002n,
    })
  })

  test('behavior: v0.6 holds two limits (verification covers the paymaster); v0.8 the same four as v0.7', () => {
    expect(maxGasLimits(estimate, '0.6')).toEqual({ callGasLimit: 95_000n, verificationGasLimit: 170_000n })
    expect(maxGasLimits(estimate, '0.8')).toEqual(maxGasLimits(estimate, '0.7'))
  })

  test('behavior: paymasterVerificationGasLimit is at least 100 000 (what pm_getPaymasterData gives a client that set none)', () => {
    const small = { ...estimate, paymasterVerificationGasLimit: 10_000n, paymasterPostOpGasLimit: undefined }
    expect(maxGasLimits(small, '0.7')).toMatchObject({
      paymasterVerificationGasLimit: 100_000n,
      paymasterPostOpGasLimit: 20_000n,
    })
  })

  test("behavior: the issue's 12 000 000 call and post-op gas are far above what an empty call estimates", () => {
    expect(maxGasLimit(20_000n)).toBeLessThan(12_000_000n)
  })
})
