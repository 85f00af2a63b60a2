import { expect, test } from 'vitest'
import { toKeyFormat } from './toKeyFormat.js'

test('default: no keyFormat is HEXADECIMAL', () => {
  expect(toKeyFormat(undefined)).toBe('HEXADECIMAL')
  expect(toKeyFormat(null)).toBe('HEXADECIMAL')
  expect(toKeyFormat('')).toBe('HEXADECIMAL')
})

test('behavior: HEXADECIMAL and SOLANA are kept', () => {
  expect(toKeyFormat('HEXADECIMAL')).toBe('HEXADECIMAL')
  expect(toKeyFormat('SOLANA')).toBe('SOLANA')
})

test('error: formats the frame does not show are refused', () => {
  for (const format of ['BITCOIN_MAINNET_WIF', 'BITCOIN_TESTNET_WIF', 'SUI_BECH32', 'hexadecimal', 42])
    expect(() => toKeyFormat(format)).toThrow(
      `unsupported keyFormat ${JSON.stringify(format)}: the export frame shows keys as HEXADECIMAL or SOLANA`,
    )
})
