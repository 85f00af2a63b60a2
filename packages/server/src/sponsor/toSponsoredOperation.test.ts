import type { UserOperation } from 'viem/account-abstraction'
import { describe, expect, test } from 'vitest'
import { toSponsoredOperation } from './toSponsoredOperation.js'

const entryPoint = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
const gwei = 1_000_000_000n
const operation = {
  sender: '0x4444444444444444444444444444444444444444',
  nonce: 7n,
  callData: '0x',
  callGasLimit: 100_000n,
  verificationGasLimit: 50_000n,
  preVerificationGas: 40_000n,
  maxFeePerGas: 2n * gwei,
  maxPriorityFeePerGas: gwei,
  paymasterVerificationGasLimit: 30_000n,
  paymasterPostOpGasLimit: 10_000n,
  signature: '0x',
} as UserOperation

describe('toSponsoredOperation', () => {
  test('default: v0.7 charges up to (verification + call + paymaster verification + postOp + preVerification) gas × maxFeePerGas', () => {
    expect(toSponsoredOperation(operation, { version: '0.7', chainId: 31337, entryPoint })).toEqual({
      chainId: 31337,
      entryPoint,
      sender: operation.sender,
      nonce: 7n,
      callData: '0x',
      totalGas: 230_000n,
      maxCostWei: 230_000n * 2n * gwei,
    })
  })

  test('behavior: v0.8 counts as v0.7 (the same prefund)', () => {
    expect(toSponsoredOperation(operation, { version: '0.8', chainId: 31337, entryPoint }).maxCostWei).toBe(
      460_000_000_000_000n,
    )
  })

  test('behavior: v0.6 counts verification gas three times (the EntryPoint reserves it for postOp) and has no paymaster gas fields', () => {
    const { totalGas, maxCostWei } = toSponsoredOperation(operation, {
      version: '0.6',
      chainId: 1,
      entryPoint,
    })
    expect(totalGas).toBe(190_000n)
    // (100 000 call + 3 × 50 000 verification + 40 000 preVerification) × 2 gwei
    expect(maxCostWei).toBe(580_000_000_000_000n)
  })

  test("behavior: the issue's attack, 2 000 000 preVerificationGas at 1 000 gwei, is a worst case above 2 ETH", () => {
    const attack = { ...operation, preVerificationGas: 2_000_000n, maxFeePerGas: 1_000n * gwei }
    expect(toSponsoredOperation(attack, { version: '0.7', chainId: 31337, entryPoint }).maxCostWei).toBe(
      2_190_000n * 1_000n * gwei,
    )
  })
})
