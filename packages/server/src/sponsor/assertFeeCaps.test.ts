import { describe, expect, test } from 'vitest'
import { type AssertFeeCapsParameters, assertFeeCaps, maxPriorityFeeCap } from './assertFeeCaps.js'

const gwei = 1_000_000_000n
const caps = (fees: Partial<AssertFeeCapsParameters>): AssertFeeCapsParameters => ({
  maxFeePerGas: 3n * gwei,
  maxPriorityFeePerGas: gwei,
  estimate: { maxFeePerGas: 2n * gwei, maxPriorityFeePerGas: gwei },
  maxFeeMultiplier: 2,
  maxPriorityFeeMultiplier: 2,
  maxFeePerGasWei: 500n * gwei,
  chainId: 31337,
  ...fees,
})

describe('assertFeeCaps', () => {
  test('default: fees up to the multiple of the estimate pass', () => {
    expect(() => assertFeeCaps(caps({}))).not.toThrow()
    expect(() => assertFeeCaps(caps({ maxFeePerGas: 4n * gwei }))).not.toThrow()
    expect(() => assertFeeCaps(caps({ maxFeePerGas: 3_000_000_000n, maxFeeMultiplier: 1.5 }))).not.toThrow()
  })

  test('error: maxFeePerGas above the multiple of the estimate names both and the setting', () => {
    expect(() => assertFeeCaps(caps({ maxFeePerGas: 4n * gwei + 1n }))).toThrow(
      "maxFeePerGas 4000000001 wei is above 4000000000 wei, 2× the gateway's current fee estimate of 2000000000 wei on chain 31337 (SIGIL_SPONSOR_MAX_FEE_MULTIPLIER)",
    )
    expect(() => assertFeeCaps(caps({ maxFeePerGas: 3_000_000_001n, maxFeeMultiplier: 1.5 }))).toThrow(
      'above 3000000000 wei, 1.5×',
    )
  })

  test('error: maxFeePerGas above the absolute cap, whatever the estimate', () => {
    const absurd = caps({
      maxFeePerGas: 1_000n * gwei,
      estimate: { maxFeePerGas: 1_000n * gwei, maxPriorityFeePerGas: gwei },
    })
    expect(() => assertFeeCaps(absurd)).toThrow(
      "maxFeePerGas 1000000000000 wei is above the server's cap of 500000000000 wei for sponsored operations (SIGIL_SPONSOR_MAX_FEE_PER_GAS_WEI)",
    )
  })

  test('error: maxPriorityFeePerGas above maxFeePerGas', () => {
    expect(() => assertFeeCaps(caps({ maxPriorityFeePerGas: 3n * gwei + 1n }))).toThrow(
      'maxPriorityFeePerGas 3000000001 wei is above maxFeePerGas 3000000000 wei',
    )
  })

  test('error: maxPriorityFeePerGas above its multiple of the node estimate, under maxFeePerGas', () => {
    expect(() => assertFeeCaps(caps({ maxPriorityFeePerGas: 2n * gwei }))).not.toThrow()
    expect(() => assertFeeCaps(caps({ maxPriorityFeePerGas: 2n * gwei + 1n }))).toThrow(
      "maxPriorityFeePerGas 2000000001 wei is above 2000000000 wei, 2× the node's priority-fee estimate of 1000000000 wei on chain 31337 (at least 100000000 wei; SIGIL_SPONSOR_MAX_PRIORITY_FEE_MULTIPLIER)",
    )
    expect(() =>
      assertFeeCaps(caps({ maxPriorityFeePerGas: 1_500_000_001n, maxPriorityFeeMultiplier: 1.5 })),
    ).toThrow('above 1500000000 wei, 1.5×')
  })

  test('behavior: a node estimating no priority fee still allows 0.1 gwei (aa-sdk’s default minimum)', () => {
    expect(maxPriorityFeeCap(0n, 2)).toBe(100_000_000n)
    expect(maxPriorityFeeCap(10n, 2)).toBe(100_000_000n)
    expect(maxPriorityFeeCap(gwei, 2)).toBe(2n * gwei)
    const idle = { maxFeePerGas: 2n * gwei, maxPriorityFeePerGas: 0n }
    expect(() => assertFeeCaps(caps({ estimate: idle, maxPriorityFeePerGas: 100_000_000n }))).not.toThrow()
    expect(() => assertFeeCaps(caps({ estimate: idle, maxPriorityFeePerGas: 100_000_001n }))).toThrow(
      "above 100000000 wei, 2× the node's priority-fee estimate of 0 wei",
    )
  })

  test('error: refusals are JSON-RPC policy refusals', () => {
    expect(() => assertFeeCaps(caps({ maxFeePerGas: 10n * gwei }))).toThrow(
      expect.objectContaining({ name: 'RpcError', code: -32501 }),
    )
  })
})
