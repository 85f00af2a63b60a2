import { expect, test } from 'vitest'
import { resolveConfig } from './resolveConfig.js'

test('default: the Solana fee payer pays at most 1,000,000 lamports per transaction under a policy without a limit', () => {
  expect(resolveConfig({ env: {} }).solanaMaxFeeLamports).toBe(1_000_000n)
})

test('behavior: SIGIL_SOLANA_MAX_FEE_LAMPORTS sets the cap, 0 turns it off, the config option wins', () => {
  expect(resolveConfig({ env: { SIGIL_SOLANA_MAX_FEE_LAMPORTS: '50000' } }).solanaMaxFeeLamports).toBe(
    50_000n,
  )
  expect(resolveConfig({ env: { SIGIL_SOLANA_MAX_FEE_LAMPORTS: '0' } }).solanaMaxFeeLamports).toBeNull()
  expect(
    resolveConfig({ env: { SIGIL_SOLANA_MAX_FEE_LAMPORTS: '50000' }, solanaMaxFeeLamports: 7 })
      .solanaMaxFeeLamports,
  ).toBe(7n)
})

test('error: a cap that is not a whole number of lamports is refused at start', () => {
  expect(() => resolveConfig({ env: { SIGIL_SOLANA_MAX_FEE_LAMPORTS: '-1' } })).toThrow(
    'SIGIL_SOLANA_MAX_FEE_LAMPORTS must be a non-negative number',
  )
  expect(() => resolveConfig({ env: { SIGIL_SOLANA_MAX_FEE_LAMPORTS: '1.5' } })).toThrow(
    'SIGIL_SOLANA_MAX_FEE_LAMPORTS must be a whole number of lamports',
  )
})
