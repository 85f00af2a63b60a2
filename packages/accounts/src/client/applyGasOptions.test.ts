import { expect, test } from 'vitest'
import { applyGasOptions } from './applyGasOptions.js'

test('default: each gas field scaled by its option; the rest untouched', () => {
  expect(
    applyGasOptions(
      { callGasLimit: 1000n, verificationGasLimit: 2000n, preVerificationGas: 3000n },
      {
        callGasLimit: { multiplier: 1.5 },
        preVerificationGas: { min: 5000n },
        maxFeePerGas: { multiplier: 9 },
      },
    ),
  ).toEqual({ callGasLimit: 1500n, verificationGasLimit: 2000n, preVerificationGas: 5000n })
})

test('behavior: absent paymaster fields stay absent', () => {
  expect(applyGasOptions({ callGasLimit: 1n }, { paymasterPostOpGasLimit: { multiplier: 2 } })).toEqual({
    callGasLimit: 1n,
  })
})
