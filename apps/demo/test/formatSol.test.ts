import { describe, expect, test } from 'vitest'
import { formatSol, parseSol } from '../src/panels/formatSol.js'

describe('formatSol', () => {
  test('default: lamports as SOL without trailing zeros', () => {
    expect(formatSol(0n)).toBe('0')
    expect(formatSol(1_000_000_000n)).toBe('1')
    expect(formatSol(998_500_000n)).toBe('0.9985')
    expect(formatSol(1n)).toBe('0.000000001')
    expect(formatSol(-1_500_000n)).toBe('-0.0015')
  })
})

describe('parseSol', () => {
  test('default: a typed amount as lamports', () => {
    expect(parseSol('0.001')).toBe(1_000_000n)
    expect(parseSol(' 2 ')).toBe(2_000_000_000n)
    expect(parseSol('.5')).toBe(500_000_000n)
    expect(parseSol('1.000000001')).toBe(1_000_000_001n)
  })

  test('error: not a positive amount with at most 9 decimals', () => {
    for (const text of ['', '.', '0', '0.000', '-1', '1.0000000001', '1e3', 'abc', '1,5'])
      expect(parseSol(text), text).toBeUndefined()
  })
})
