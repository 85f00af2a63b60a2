import { describe, expect, test } from 'vitest'
import { type AssertFeeCapsParameters, assertFeeCaps } from './assertFeeCaps.js'

const gwei = 1_000_000_000n
const caps = (fees: Partial<AssertFeeCapsParameters>): AssertFeeCapsParameters => ({
  maxFeePerGas: 3n * gwei,
  maxPriorityFeePerGas: gwei,
  estimate: { maxFeePerGas: 2n * gwei },
  maxFeeMultiplier: 2,
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
    const absurd = caps({ maxFeePerGas: 1_000n * gwei, estimate: { maxFeePerGas: 1_000n * gwei } })
    expect(() => assertFeeCaps(absurd)).toThrow(
      "maxFeePerGas 1000000000000 wei is above the server's cap of 500000000000 wei for sponsored operations (SIGIL_SPONSOR_MAX_FEE_PER_GAS_WEI)",
    )
  })

  test('error: maxPriorityFeePerGas above maxFeePerGas', () => {
    expect(() => assertFeeCaps(caps({ maxPriorityFeePerGas: 3n * gwei + 1n }))).toThrow(
      'maxPriorityFeePerGas 3000000001 wei is above maxFeePerGas 3000000000 wei',
    )
  })

  test('error: refusals are JSON-RPC policy refusals', () => {
    expect(() => assertFeeCaps(caps({ maxFeePerGas: 10n * gwei }))).toThrow(
      expect.objectContaining({ name: 'RpcError', code: -32501 }),
    )
  })
})
